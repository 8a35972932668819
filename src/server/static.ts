import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
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
