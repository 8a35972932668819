import { existsSync, readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { message } from '../dialect';
import { library } from '../engine/rig/clips';
import { baseOf, type Gen3dContext, type Gen3dDeps, type Gen3dEnv } from './context';

/** The library's entries (docs/live-services.md#3d-generation--animation-library fields); previews are the clip on the stock rig, a sandbox file. */
export function libraryEntries(c: Gen3dContext, deps: Gen3dDeps, category?: string) {
  return library
    .filter((a) => !category || a.category.toLowerCase() === category.toLowerCase())
    .map((a) => ({ id: a.id, key: a.key, name: a.name, category: a.category, subCategory: a.subCategory, previewUrl: `${baseOf(c, deps)}/library/${a.id}.glb`, rigType: 'humanoid', isDefault: a.isDefault, isFree: a.isFree }));
}

/** Serves library previews without a key (as the live previews are public), made on first ask and kept. */
export function registerLibraryFiles(app: Hono<Gen3dEnv>, deps: Gen3dDeps) {
  app.get('/library/:file', async (c) => {
    const id = Number(/^(\d{1,4})\.glb$/.exec(c.req.param('file'))?.[1] ?? NaN);
    if (!library.some((a) => a.id === id)) return c.json(message('No such animation preview.'), 404);
    const file = deps.files.path(`library-${id}`, 'animation.glb');
    if (!existsSync(file)) await deps.files.run({ kind: 'library', actionId: id }, `library-${id}`);
    const bytes = readFileSync(file);
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'model/gltf-binary', 'Content-Length': String(bytes.length), 'Cache-Control': 'public, max-age=86400' });
  });
}
