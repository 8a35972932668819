/**
 * Face count of a GLB read from its JSON chunk alone (the binary chunk is never touched): each
 * triangle primitive counts its index accessor's `count / 3`, else its POSITION accessor's; strips
 * and fans count `count - 2`; points and lines have no faces. The first megabyte of a file holds its
 * JSON chunk, so a ranged read is enough. Null when the bytes are not a GLB or the chunk is cut.
 */
type Accessor = { count?: unknown };
type Primitive = { mode?: unknown; indices?: unknown; attributes?: { POSITION?: unknown } };
type Gltf = { accessors?: Accessor[]; meshes?: Array<{ primitives?: Primitive[] }>; nodes?: Array<{ mesh?: unknown }> };

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'

export function glbJson(bytes: ArrayBuffer | Uint8Array): Gltf | null {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (u8.byteLength < 20) return null;
  const view = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) return null;
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + length > u8.byteLength) return null;
  try {
    return JSON.parse(new TextDecoder().decode(u8.subarray(20, 20 + length))) as Gltf;
  } catch {
    return null;
  }
}

/** Faces of one primitive from its accessor counts. */
function primitiveFaces(p: Primitive, accessors: Accessor[]): number {
  const mode = typeof p.mode === 'number' ? p.mode : 4;
  const acc = typeof p.indices === 'number' ? accessors[p.indices] : typeof p.attributes?.POSITION === 'number' ? accessors[p.attributes.POSITION] : undefined;
  const count = typeof acc?.count === 'number' ? acc.count : 0;
  if (mode === 4) return Math.floor(count / 3);
  if (mode === 5 || mode === 6) return Math.max(0, count - 2);
  return 0;
}

/** Faces of the meshes the file holds (each mesh once, however many nodes use it: as the service counts a model). */
export function glbFaceCount(bytes: ArrayBuffer | Uint8Array): number | null {
  const gltf = glbJson(bytes);
  if (!gltf) return null;
  const accessors = gltf.accessors ?? [];
  let faces = 0;
  for (const mesh of gltf.meshes ?? []) for (const p of mesh.primitives ?? []) faces += primitiveFaces(p, accessors);
  return faces;
}

/** Bytes of a GLB as a test or a form makes one: a JSON chunk (padded to 4 bytes) and an optional binary chunk. */
export function makeGlb(json: object, bin: Uint8Array = new Uint8Array(0)): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = Math.ceil(text.length / 4) * 4;
  const binLen = Math.ceil(bin.length / 4) * 4;
  const total = 12 + 8 + jsonLen + (binLen ? 8 + binLen : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLen, true);
  view.setUint32(16, JSON_CHUNK, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLen);
  if (binLen) {
    view.setUint32(20 + jsonLen, binLen, true);
    view.setUint32(24 + jsonLen, 0x004e4942, true);
    out.set(bin, 28 + jsonLen);
  }
  return out;
}
