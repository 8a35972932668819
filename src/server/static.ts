import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Hono } from 'hono';

/** Serves the built SPA: hashed assets cached for good, every other page path gets index.html. */
export function mountSpa(app: Hono, distDir: string) {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) {
    app.get('*', (c) => c.text('The console is not built. Run `npm start` (it builds first) or `npm run build`.', 503));
    return;
  }
  const html = readFileSync(index, 'utf8');
  const root = relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/sandbox/')) return c.notFound();
    c.header('cache-control', 'no-cache');
    return c.html(html);
  });
}
