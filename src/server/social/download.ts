import type { Context } from 'hono';
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Upstream } from '../connections/upstream';
import { fail } from '../http/errors';
import { describe, unreachable, upstreamError } from '../connections/describe';

/**
 * An export file through the BFF, streamed: the service writes it as it goes (no length known), so
 * the BFF spools it to a file in DATA_DIR as it arrives, then sends that with Content-Length (the
 * browser's progress bar) and the service's file name; the spool is removed once sent. A file
 * that comes with a length is passed straight through.
 */
export async function downloadExport(c: Context, upstream: Upstream, path: string, spoolDir: string): Promise<Response> {
  let res: Response;
  try {
    res = await upstream.request(path, { accept: 'application/octet-stream', signal: c.req.raw.signal });
  } catch (err) {
    return fail(c, unreachable('social', upstream.baseUrl, err));
  }
  if (!res.ok) return fail(c, await upstreamError('social', res));
  const headers: Record<string, string> = {
    'content-type': res.headers.get('content-type') ?? 'application/octet-stream',
    'content-disposition': res.headers.get('content-disposition') ?? 'attachment',
    'cache-control': 'no-store',
  };
  for (const h of ['x-export-rows', 'x-export-truncated']) {
    const v = res.headers.get(h);
    if (v) headers[h] = v;
  }
  const length = res.headers.get('content-length');
  if (length && res.body) return c.body(res.body, 200, { ...headers, 'content-length': length });
  if (!res.body) return fail(c, describe('social', { status: 502, code: 'upstream_error', message: 'the export came back empty', retryAfter: null }));
  mkdirSync(spoolDir, { recursive: true, mode: 0o700 });
  const file = join(spoolDir, `export-${randomBytes(8).toString('hex')}`);
  try {
    await pipeline(Readable.fromWeb(res.body as NodeReadableStream), createWriteStream(file, { mode: 0o600 }));
  } catch (err) {
    rmSync(file, { force: true });
    return fail(c, unreachable('social', upstream.baseUrl, err));
  }
  const size = statSync(file).size;
  const stream = createReadStream(file);
  stream.on('close', () => rmSync(file, { force: true }));
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, { ...headers, 'content-length': String(size) });
}
