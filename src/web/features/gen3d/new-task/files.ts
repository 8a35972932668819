import { glbFaceCount } from '../chain/glb-faces';

/**
 * Files a form sends: a picture or model picked or dropped becomes a base64 data URI (what the
 * service takes in `image_url` and `model_url`); an archived task file is read the same way.
 */

/** Largest picture a form reads (the body limit of these routes is 64 MB; a picture needs far less). */
export const IMAGE_MAX_BYTES = 16 * 1024 * 1024;
/** Largest model a form reads into a data URI (base64 grows it by a third; the route takes 64 MB). */
export const MODEL_MAX_BYTES = 40 * 1024 * 1024;
/** URL fields take a URL of at most this length (a data URI is picked, not typed). */
export const URL_MAX = 2048;

export const blobToDataUri = (blob: Blob, type = blob.type || 'application/octet-stream') =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^;,]*(;base64)?,/, `data:${type};base64,`));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });

export type ModelFormat = 'glb' | 'obj' | 'stl';
/** The model format of a file by its first bytes (GLB magic, OBJ lines, STL text or binary), else by its name. */
export function modelFormatOf(head: Uint8Array, name = ''): ModelFormat | null {
  if (head.length >= 4 && head[0] === 0x67 && head[1] === 0x6c && head[2] === 0x54 && head[3] === 0x46) return 'glb';
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'obj' || ext === 'stl') return ext;
  const text = new TextDecoder().decode(head.subarray(0, 256));
  if (/^solid\b/.test(text)) return 'stl';
  if (/^(#|v |o |mtllib )/m.test(text)) return 'obj';
  return null;
}

const mimeOf: Record<ModelFormat, string> = { glb: 'model/gltf-binary', obj: 'model/obj', stl: 'model/stl' };

/** A model file as the form sends it: its data URI, format and (for a GLB) its face count. */
export type PickedModel = { name: string; size: number; format: ModelFormat | null; faces: number | null; dataUri: string };

export async function readModel(blob: Blob, name: string): Promise<PickedModel> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const format = modelFormatOf(bytes.subarray(0, 512), name);
  return { name, size: blob.size, format, faces: format === 'glb' ? glbFaceCount(bytes) : null, dataUri: await blobToDataUri(blob, format ? mimeOf[format] : undefined) };
}

/** An archived task file (same-origin URL) read as the form sends it. */
export async function readArchivedModel(url: string, name: string, signal?: AbortSignal): Promise<PickedModel> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`The model file could not be read from the archive (HTTP ${res.status}).`);
  const blob = await res.blob();
  if (blob.size > MODEL_MAX_BYTES) throw new Error(`The model file is ${Math.round(blob.size / 1_048_576)} MB; the console sends models of at most ${MODEL_MAX_BYTES / 1_048_576} MB as data.`);
  return readModel(blob, name);
}

/**
 * Face count of an archived GLB from its first megabyte (where its JSON chunk is): a ranged read,
 * or the whole file when the server answers without ranges.
 */
export async function archivedGlbFaces(url: string, signal?: AbortSignal): Promise<number | null> {
  const res = await fetch(url, { signal, headers: { Range: 'bytes=0-1048575' } });
  if (!res.ok) return null;
  return glbFaceCount(await res.arrayBuffer());
}

export const sizeWords = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
