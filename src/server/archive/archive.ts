import { createReadStream, mkdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ApiError } from '../../contracts/errors';
import type { Upstreams } from '../connections/upstream';
import type { Ledger } from '../store/ledger';
import { assetExtension } from './assets';

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');

export type ServeResult = { ok: true; response: Response } | { ok: false; error: ApiError };

/**
 * Copies each SUCCEEDED task's files into DATA_DIR (the service deletes its own after 3 days) and
 * serves the copy afterwards; before the copy exists, streams the file from the service.
 */
export class Archive {
  constructor(
    private readonly dir: string,
    private readonly ledger: Ledger,
    private readonly upstreams: Upstreams,
  ) {}

  private fileFor(taskId: string, key: string, ext: string) {
    return join(this.dir, safe(taskId), `${safe(key)}.${ext}`);
  }

  /** Copies every file of a task; marks it archived when all are copied. Throws on failure. */
  async archiveTask(taskId: string): Promise<void> {
    for (const asset of this.ledger.assets(taskId)) {
      if (asset.file && existsSync(asset.file)) continue;
      const row = this.ledger.get(taskId);
      const res = await this.upstreams.fetchAsset('gen3d', row?.mode ?? 'sandbox', row?.base_url ?? '', asset.upstream_url);
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`copying ${asset.key} failed with HTTP ${res.status}`);
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      const type = res.headers.get('content-type');
      const file = this.fileFor(taskId, asset.key, assetExtension(asset.key, asset.upstream_url, type));
      mkdirSync(join(this.dir, safe(taskId)), { recursive: true });
      writeFileSync(file, bytes);
      this.ledger.setAssetFile(taskId, asset.key, file, type, bytes.length);
    }
    this.ledger.setArchived(taskId);
  }

  /** The file of a task for the browser: the archived copy, else a stream from the service. */
  async serve(taskId: string, key: string, downloadName: string | null): Promise<ServeResult> {
    const asset = this.ledger.asset(taskId, key);
    if (!asset) return { ok: false, error: notFound() };
    const ext = assetExtension(asset.key, asset.upstream_url, asset.content_type);
    const headers = new Headers({ 'cache-control': 'private, max-age=3600' });
    if (downloadName) headers.set('content-disposition', `attachment; filename="${safe(downloadName)}.${ext}"`);
    if (asset.file && existsSync(asset.file)) {
      headers.set('content-type', asset.content_type ?? 'application/octet-stream');
      headers.set('content-length', String(statSync(asset.file).size));
      const body = Readable.toWeb(createReadStream(asset.file)) as ReadableStream<Uint8Array>;
      return { ok: true, response: new Response(body, { headers }) };
    }
    let res: Response;
    try {
      const row = this.ledger.get(taskId);
      res = await this.upstreams.fetchAsset('gen3d', row?.mode ?? 'sandbox', row?.base_url ?? '', asset.upstream_url);
    } catch {
      return { ok: false, error: { status: 502, code: 'upstream_unreachable', message: 'The file could not be fetched from the service. Try again in a moment.', retryAfter: null, field: null } };
    }
    if (res.status === 403 || res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      return { ok: false, error: expired() };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, error: { status: 502, code: 'upstream_error', message: `The service answered ${res.status} for this file. Try again in a moment.`, retryAfter: null, field: null } };
    }
    for (const h of ['content-type', 'content-length']) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return { ok: true, response: new Response(res.body, { headers }) };
  }
}

const notFound = (): ApiError => ({ status: 404, code: 'not_found', message: 'This console has no such file.', retryAfter: null, field: null });
const expired = (): ApiError => ({
  status: 410,
  code: 'file_expired',
  message: 'This file has expired: the service deletes files 3 days after a task finishes, and no copy was archived. Run the task again to get a new file.',
  retryAfter: null,
  field: null,
});
