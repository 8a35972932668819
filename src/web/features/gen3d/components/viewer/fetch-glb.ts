import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { ViewerLoadError, cleanReason, readErrorMessage } from './load-error';
import type { LoadProgress } from './types';

/**
 * Downloads `src` through a streamed reader so progress can be shown. `total` is the
 * Content-Length when it describes the bytes we read (not when the body is compressed in transit).
 */
export async function fetchWithProgress(
  src: string,
  signal: AbortSignal,
  onProgress: (progress: LoadProgress) => void,
): Promise<ArrayBuffer> {
  const res = await fetch(src, { signal, credentials: 'same-origin' });
  if (!res.ok) {
    throw new ViewerLoadError({ kind: 'http', status: res.status, message: await readErrorMessage(res) });
  }
  const encoding = res.headers.get('content-encoding');
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 && (!encoding || encoding === 'identity') ? length : null;
  onProgress({ loaded: 0, total });
  if (!res.body) {
    const buffer = await res.arrayBuffer();
    onProgress({ loaded: buffer.byteLength, total });
    return buffer;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total: total !== null && loaded <= total ? total : null });
  }
  const out = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out.buffer;
}

/** Parses a GLB; anything that is not one becomes a ViewerLoadError with the parser's reason. */
export async function parseGlb(buffer: ArrayBuffer, src: string): Promise<GLTF> {
  if (buffer.byteLength < 12) {
    throw new ViewerLoadError({
      kind: 'invalid',
      reason: `the file is only ${buffer.byteLength} bytes long, too short for a GLB header`,
    });
  }
  const magic = new TextDecoder().decode(new Uint8Array(buffer, 0, 4));
  if (magic !== 'glTF') throw new ViewerLoadError({ kind: 'invalid', reason: notGlbReason(buffer) });
  const declared = new DataView(buffer).getUint32(8, true);
  if (declared > buffer.byteLength) {
    throw new ViewerLoadError({
      kind: 'invalid',
      reason: `the file is truncated: its header declares ${declared} bytes but only ${buffer.byteLength} arrived`,
    });
  }
  // A GLB is self-contained, but resolve any external URI next to the file (a local file or a
  // data URI has no folder to look in).
  const base = /^(blob|data):/.test(src) ? '' : new URL('./', new URL(src, window.location.href)).href;
  try {
    return await new GLTFLoader().parseAsync(buffer, base);
  } catch (error) {
    throw new ViewerLoadError({ kind: 'invalid', reason: cleanReason(error) });
  }
}

/** Says what arrived instead of a GLB when it is recognisable (a web page, a JSON error). */
function notGlbReason(buffer: ArrayBuffer): string {
  const head = new TextDecoder().decode(new Uint8Array(buffer, 0, Math.min(buffer.byteLength, 2048))).trimStart();
  if (head.startsWith('<')) return 'the server sent a web page instead of a GLB file';
  if (head.startsWith('{')) {
    const message = /"message"\s*:\s*"([^"]{1,200})"/.exec(head)?.[1];
    return message
      ? `the server sent a JSON message instead of a GLB file: ${message}`
      : 'the server sent JSON instead of a GLB file';
  }
  return 'the file does not start with the GLB signature “glTF”';
}
