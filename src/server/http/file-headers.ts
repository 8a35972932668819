/**
 * How a file a service made reaches the browser (`/api/files/...`, `/api/media/...`). Its bytes and
 * its type come from the service, so a page served from them would run on the console's origin:
 * only the types a task's outputs have (contracts/gen3d/outputs, the sandbox's engine/files.ts) are
 * served inline, as themselves; anything else is a download (`application/octet-stream`,
 * `Content-Disposition: attachment`). Every answer of a file route carries `FILE_CSP`, which
 * sandboxes whatever a browser would make of it (no script, no same origin), and keeps `nosniff`.
 */
import { fileTypes } from '../../contracts/file-types';

/** The file routes' Content-Security-Policy: nothing loads, nothing runs (a picture still shows, opened on its own). */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Types served inline, as they are: models, raster pictures, clips. */
const INLINE = new Set([
  'model/gltf-binary',
  'model/gltf+json',
  'model/obj',
  'model/stl',
  'model/3mf',
  'model/vnd.usdz+zip',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/webm',
]);

/** Pictures and clips a page shows (media links): never SVG, which can carry script. */
const MEDIA = new Set([...INLINE].filter((t) => /^(image|video)\//.test(t)).concat('model/gltf-binary'));

/** The type of a file by its extension, when the service gave a generic one (`application/octet-stream`, none): only the types served inline. */
const BY_EXTENSION: Record<string, string> = Object.fromEntries(Object.entries(fileTypes).filter(([, type]) => INLINE.has(type)));

/** Extensions of text outputs (text-to-motion's BVH clip): always plain text. */
const TEXT = new Set(Object.keys(fileTypes).filter((e) => fileTypes[e]?.startsWith('text/plain')));

/** Extensions a downloaded output may keep; any other becomes `.bin` (a download named `.html` would open as a page). */
const DOWNLOAD_EXTENSIONS = new Set([...Object.keys(BY_EXTENSION), ...TEXT, 'fbx', 'zip']);

/** The given type without its parameters, lower case (`image/jpg`, seen on some hosts, read as `image/jpeg`). */
const baseType = (given: string | null) => {
  const type = (given ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'image/jpg' ? 'image/jpeg' : type;
};
const generic = (type: string) => type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream';

/** How a task's file is served: its type, inline or as a download, and the extension its download name takes. */
export function servedFile(given: string | null, ext: string): { type: string; inline: boolean; ext: string } {
  const type = baseType(given);
  const e = ext.toLowerCase();
  const named = (fallback: string) => (DOWNLOAD_EXTENSIONS.has(e) ? e : fallback);
  if (INLINE.has(type)) return { type, inline: true, ext: named('bin') };
  if (TEXT.has(e) || type === 'text/plain') return { type: 'text/plain; charset=utf-8', inline: true, ext: named('txt') };
  const known = BY_EXTENSION[e];
  if (generic(type) && known) return { type: known, inline: true, ext: e };
  return { type: 'application/octet-stream', inline: false, ext: named('bin') };
}

/** The type a media link is served as (a picture, a clip, a GLB preview), or null for any other (SVG included): refused. */
export function mediaType(given: string | null, path: string): string | null {
  const type = baseType(given);
  if (MEDIA.has(type)) return type;
  const known = BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''];
  return generic(type) && known && MEDIA.has(known) ? known : null;
}
