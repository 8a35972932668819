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
