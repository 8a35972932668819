import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';

/**
 * Serves the built SPA: hashed assets cached for good (a missing one is a 404, never the page),
 * every other page path gets index.html, re-read when a new build replaces it.
 */
export function mountSpa(app: Hono, distDir: string) {
  const index = join(distDir, 'index.html');
  const root = relative(process.cwd(), distDir) || '.';
  let cached: { mtime: number; html: string } | null = null;
  const page = (): string | null => {
    if (!existsSync(index)) return null;
    const mtime = statSync(index).mtimeMs;
    if (cached?.mtime !== mtime) cached = { mtime, html: readFileSync(index, 'utf8') };
    return cached.html;
  };

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/sandbox/')) return c.notFound();
    const html = page();
    if (!html) return c.text('The console is not built. Run `npm start` (it builds first) or `npm run build`.', 503);
    c.header('cache-control', 'no-cache');
    return c.html(html);
  });
}
