import { mapOutputFiles, outputFieldsOf } from '../../contracts/gen3d/outputs';

/**
 * A task's output files reach the browser as same-origin BFF URLs (`/api/files/gen3d/{id}/{key}`),
 * named by their path in the record (`model_urls.glb`, `texture_urls.0.base_color`,
 * `result.rigged_character_glb_url`). Only the output fields of the task's type count
 * (contracts/gen3d/outputs): an echoed prompt or input URL stays text.
 */
export const assetUrl = (service: string, taskId: string, key: string) => `/api/files/${service}/${encodeURIComponent(taskId)}/${encodeURIComponent(key)}`;

/** A copy of the record with every output file URL replaced by its BFF URL. */
export function rewriteOutputs<T>(record: T, taskId: string, createPath: string, request?: { mode?: unknown } | null): T {
  const type = record && typeof record === 'object' ? (record as { type?: unknown }).type : undefined;
  const mode = record && typeof record === 'object' ? (record as { mode?: unknown }).mode : undefined;
  return mapOutputFiles(record, outputFieldsOf(type, createPath, request ?? { mode }), (key) => assetUrl('gen3d', taskId, key));
}

const extByType: Record<string, string> = {
  'model/gltf-binary': 'glb',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** File extension for an asset: from its key (`model_urls.glb`), its URL path, or its type. */
export function assetExtension(key: string, url: string, contentType: string | null): string {
  const fromKey = /^model_urls\.([a-z0-9]+)$/i.exec(key)?.[1];
  if (fromKey) return fromKey.toLowerCase();
  let path = '';
  try {
    path = new URL(url).pathname;
  } catch {
    // not a URL: fall through to the type
  }
  const fromUrl = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1];
  if (fromUrl) return fromUrl.toLowerCase();
  return (contentType && extByType[contentType.split(';')[0]?.trim() ?? '']) || 'bin';
}

const slug = (s: string, max = 40) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max)
    .replace(/-$/, '');

/** The views of a multi-view text-to-image task, in the order the service lists them (the gallery's names). */
const VIEWS = ['front', 'side', 'back', 'other-side'];

/**
 * The name a task's file downloads under (without its extension): the task's prompt and id, then
 * which of its files it is, so no two files of a task share a name — `model_urls.glb` adds nothing
 * (its format is the extension), `image_urls.1` is `image-2` (`side` for a multi-view task),
 * `texture_urls.0.base_color` is `texture-1-base-color`, `result.rigged_character_glb_url` is
 * `rigged-character-glb`.
 */
export function downloadName(task: { id: string; prompt: string | null; multiView: boolean }, key: string): string {
  const base = `${slug(task.prompt ?? '') || 'model'}-${task.id.slice(0, 8)}`;
  if (/^model_urls\.[^.]+$/.test(key)) return base;
  const image = /^image_urls\.(\d+)$/.exec(key);
  if (image) {
    const i = Number(image[1]);
    return `${base}-${task.multiView ? (VIEWS[i] ?? `view-${i + 1}`) : `image-${i + 1}`}`;
  }
  const part = key
    .replace(/^result\./, '')
    .replace(/_urls?(?=\.|$)/g, '')
    .replace(/\.(\d+)(?=\.|$)/g, (_, n: string) => `.${Number(n) + 1}`);
  return `${base}-${slug(part, 60) || 'file'}`;
}
