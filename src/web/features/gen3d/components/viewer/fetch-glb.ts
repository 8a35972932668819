import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { decodersFor, withDecoders } from './decoders';
import { ViewerLoadError, cleanReason } from './load-error';

/** Parses a GLB (compressed ones too); anything that is not one becomes a ViewerLoadError with the parser's reason. */
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
    // Draco, KTX2 and meshopt decoders are fetched only for a file that names them.
    const loader = await withDecoders(new GLTFLoader(), decodersFor(buffer));
    return await loader.parseAsync(buffer, base);
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
