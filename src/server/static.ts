import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** Which content encodings the client takes (q=0 refuses; `*` stands for the rest). */
function acceptedEncodings(acceptEncoding: string | undefined): (name: 'br' | 'gzip') => boolean {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  return (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
}

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const ok = acceptedEncodings(acceptEncoding);
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/** Answers HTML compressed when the client takes it (the page is small: compressed per answer). */
export function compressedHtml(c: Context, html: string) {
  c.header('vary', 'Accept-Encoding', { append: true });
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.html(html);
  const raw = Buffer.from(html);
  const body = encoding === 'br' ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(raw);
  c.header('content-encoding', encoding);
  c.header('content-type', 'text/html; charset=UTF-8');
  return c.body(new Uint8Array(body));
}

/** A built asset's name: hashed by the build, one path segment, no dot segments. */
const ASSET = /^\/assets\/([\w-]+(?:\.[\w-]+)*\.[a-z0-9]+)$/;
/** Files up to this size are kept in memory once sent; larger ones are streamed from disk each time. */
const KEEP_FILE_BYTES = 2 * 1024 * 1024;
/** The most kept in all: the oldest kept goes first beyond it. */
const KEEP_TOTAL_BYTES = 64 * 1024 * 1024;

type KeptAsset = { body: Uint8Array<ArrayBuffer>; headers: Record<string, string> };

/**
 * The build's hashed assets never change under their name (a new build names its files anew), so
 * each file is read from disk once, in the encoding a browser asked for (brotli, gzip or none), and
 * answered from memory after: a page's dozens of chunks cost no file opened, read, streamed and
 * closed per request. A chunk once sent also outlives a rebuild that removes its file, for a page
 * opened before the rebuild. Ranges, HEAD and large files go to the file server as before.
 */
function assetMemory(distDir: string): MiddlewareHandler {
  const kept = new Map<string, KeptAsset>();
  let total = 0;
  return async (c, next) => {
    const name = ASSET.exec(c.req.path)?.[1];
    if (c.req.method !== 'GET' || name === undefined || c.req.header('range')) return next();
    const ok = acceptedEncodings(c.req.header('accept-encoding'));
    const takes = { br: ok('br'), gzip: ok('gzip') };
    const key = `${takes.br ? 'br' : ''},${takes.gzip ? 'gzip' : ''} ${name}`;
    let asset = kept.get(key);
    if (asset === undefined) {
      const found = await readAsset(join(distDir, 'assets', name), takes);
      if (found === null) return next();
      asset = found;
      kept.set(key, asset);
      total += asset.body.byteLength;
      for (const [oldest, old] of kept) {
        if (total <= KEEP_TOTAL_BYTES) break;
        kept.delete(oldest);
        total -= old.body.byteLength;
      }
    }
    return c.body(asset.body, 200, asset.headers);
  };
}

/** The file at `path` as sent to a browser taking the encodings in `takes` (the build's compressed copy when there is one); null when absent or large. */
async function readAsset(path: string, takes: { br: boolean; gzip: boolean }): Promise<KeptAsset | null> {
  const type = getMimeType(path) ?? 'application/octet-stream';
  const candidates: Array<[string, string | null]> = [];
  if (takes.br) candidates.push([`${path}.br`, 'br']);
  if (takes.gzip) candidates.push([`${path}.gz`, 'gzip']);
  candidates.push([path, null]);
  for (const [file, used] of candidates) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    if (info.size > KEEP_FILE_BYTES) return null;
    // `vary` and `cache-control` are added for every asset by mountSpa.
    const headers: Record<string, string> = { 'content-type': type, 'last-modified': info.mtime.toUTCString() };
    if (used) headers['content-encoding'] = used;
    return { body: new Uint8Array(await readFile(file)), headers };
  }
  return null;
}

/**
 * Serves the built SPA: hashed assets cached for good (a missing one is a 404, never the page),
 * sent as the brotli or gzip file the build put beside them when the client accepts it; every
 * other page path gets index.html, re-read when a new build replaces it. `page` may rewrite the
 * HTML for the request (the signed-in operator).
 */
export function mountSpa(app: Hono, distDir: string, page: (html: string, c: Context) => string | Promise<string> = (html) => html) {
  const index = join(distDir, 'index.html');
  const root = relative(process.cwd(), distDir) || '.';
  let cached: { mtime: number; html: string } | null = null;
  const read = (): string | null => {
    if (!existsSync(index)) return null;
    const mtime = statSync(index).mtimeMs;
    if (cached?.mtime !== mtime) cached = { mtime, html: readFileSync(index, 'utf8') };
    return cached.html;
  };

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
    // Whether compressed or not, the answer depended on Accept-Encoding.
    if (c.res.ok && !c.res.headers.get('vary')?.includes('Accept-Encoding')) c.header('vary', 'Accept-Encoding', { append: true });
  });
  app.use('/assets/*', assetMemory(distDir));
  const files = serveStatic({ root, precompressed: true });
  // The build's own records (`.vite/manifest.json`) are read by the server, not served.
  app.use('*', (c, next) => (c.req.path === '/' || c.req.path === '/index.html' || c.req.path.includes('/.') ? next() : files(c, next)));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/sandbox/')) return c.notFound();
    const html = read();
    if (!html) return c.text('The console is not built. Run `npm start` (it builds first) or `npm run build`.', 503);
    c.header('cache-control', 'no-cache');
    return compressedHtml(c, await page(html, c));
  });
}
