import type { Hono } from 'hono';
import { message } from '../dialect';
import { contentTypes } from '../engine/files';
import { expiresAt } from './record';
import type { Gen3dDeps, Gen3dEnv } from './context';

/** Files are served without a key, as signed URLs are; they stop working when they expire. */
export function registerFiles(app: Hono<Gen3dEnv>, { store, files, clock }: Gen3dDeps) {
  app.get('/files/:id/:name', (c) => {
    const row = store.get(store.ownerOf(c.req.param('id')) ?? '', c.req.param('id'));
    const expires = row ? expiresAt(row) : 0;
    if (!row || row.status !== 'SUCCEEDED' || clock.now() > expires) return c.json(message('Request has expired or the file does not exist.'), 403);
    const bytes = files.read(row.id, c.req.param('name'));
    if (!bytes) return c.json(message('File not found.'), 404);
    const ext = c.req.param('name').split('.').pop() ?? '';
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': contentTypes[ext] ?? 'application/octet-stream', 'Content-Length': String(bytes.length) });
  });
}
