import { Document, WebIO, type Node as GNode } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder } from 'meshoptimizer';
import { glbExtensionsUsed } from '../../../../contracts/glb';
import { type BufferGeometry } from 'three';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { decodeImage, sampleUv, type Rgba } from './image';
import { concat, vertexNormals, type Soup } from './soup';

export type ModelFormat = 'glb' | 'obj' | 'stl';

/** The format of a model file from its first bytes; null for what the sandbox cannot read. */
export function detectFormat(bytes: Uint8Array): ModelFormat | null {
  const head = new TextDecoder().decode(bytes.subarray(0, 256));
  if (head.startsWith('glTF')) return 'glb';
  if (head.startsWith('PK')) return null;
  if (bytes.length >= 84 && 84 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(80, true) * 50 === bytes.length) return 'stl';
  if (/^\s*solid\b/.test(head)) return 'stl';
  if (/^(#.*\n|\s)*(v|o|g|mtllib|vn|vt)\s/m.test(head)) return 'obj';
  return null;
}

/** Faces a GLB declares (index accessor counts / 3), read from its JSON chunk alone: no buffers decoded. */
export function declaredGlbFaces(bytes: Uint8Array): number | null {
  if (bytes.length < 20 || new TextDecoder().decode(bytes.subarray(0, 4)) !== 'glTF') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  try {
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length))) as {
      meshes?: Array<{ primitives?: Array<{ indices?: number; attributes?: { POSITION?: number }; mode?: number }> }>;
      accessors?: Array<{ count?: number }>;
    };
    let faces = 0;
    for (const mesh of json.meshes ?? [])
      for (const p of mesh.primitives ?? []) {
        if (p.mode !== undefined && p.mode !== 4) continue;
        const acc = json.accessors?.[p.indices ?? p.attributes?.POSITION ?? -1];
        faces += Math.floor((acc?.count ?? 0) / 3);
      }
    return faces;
  } catch {
    return null;
  }
}

const fromGeometry = (g: BufferGeometry): Soup => {
  const pos = g.getAttribute('position');
  const positions = Float32Array.from(pos.array as ArrayLike<number>);
  const index = g.getIndex();
  const indices = index ? Uint32Array.from(index.array as ArrayLike<number>) : Uint32Array.from({ length: pos.count }, (_, i) => i);
  const uv = g.getAttribute('uv');
  return { positions, indices, uvs: uv ? Float32Array.from(uv.array as ArrayLike<number>) : null, colors: null };
};

/** Checks a model's triangle and vertex counts once they are known, before any work on the mesh (throws to refuse it). */
export type CountCheck = (triangles: number, vertices: number) => void;

/** Triangle primitives with positions of a document's unskinned mesh nodes (each node instance counts). */
function trianglePrimitives(doc: Document) {
  return doc
    .getRoot()
    .listNodes()
    .filter((node) => node.getMesh() && !node.getSkin())
    .flatMap((node) => node.getMesh()!.listPrimitives().flatMap((prim) => (prim.getMode() === 4 && prim.getAttribute('POSITION') ? [{ node, prim, pos: prim.getAttribute('POSITION')! }] : [])));
}

let dracoDecoder: Promise<unknown> | null = null;

/**
 * A reader for every extension the service accepts in a model it is sent: Draco- and
 * meshopt-compressed geometry is decoded (Draco's decoder is made on the first file that needs it),
 * and KTX2 textures are kept as bytes (their colours are not sampled).
 */
async function glbReader(bytes: Uint8Array): Promise<WebIO> {
  await MeshoptDecoder.ready;
  const io = new WebIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  if (glbExtensionsUsed(bytes).includes('KHR_draco_mesh_compression')) {
    dracoDecoder ??= draco3d.createDecoderModule();
    io.registerDependencies({ 'draco3d.decoder': await dracoDecoder });
  }
  return io;
}

/**
 * Reads a GLB (compressed ones too), OBJ or STL into one soup in world space (GLB: colours from material factor × base-colour
 * texture). `check` sees the counts as soon as the file is parsed: for a GLB before any vertex is
 * copied or transformed.
 */
export async function readModel(bytes: Uint8Array, check: CountCheck = () => {}): Promise<Soup> {
  const format = detectFormat(bytes);
  const checked = (soup: Soup) => (check(soup.indices.length / 3, soup.positions.length / 3), soup);
  if (format === 'stl') return checked(fromGeometry(new STLLoader().parse(bytes.slice().buffer)));
  if (format === 'obj') {
    const group = new OBJLoader().parse(new TextDecoder().decode(bytes));
    const parts: Soup[] = [];
    group.traverse((o) => {
      const g = (o as { geometry?: BufferGeometry }).geometry;
      if (g) parts.push(fromGeometry(g));
    });
    return checked(concat(parts));
  }
  if (format !== 'glb') throw new Error('The model is not a GLB, OBJ or STL file.');
  const doc = await (await glbReader(bytes)).readBinary(bytes);
  const prims = trianglePrimitives(doc);
  check(
    prims.reduce((n, { prim, pos }) => n + Math.floor((prim.getIndices()?.getCount() ?? pos.getCount()) / 3), 0),
    prims.reduce((n, { pos }) => n + pos.getCount(), 0),
  );
  const parts: Soup[] = [];
  const textures = new Map<unknown, Rgba>();
  for (const { node, prim, pos } of prims) {
    const m = node.getWorldMatrix();
    const n = pos.getCount();
    const positions = new Float32Array(n * 3);
    const p = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      pos.getElement(i, p);
      const [x, y, z] = p as [number, number, number];
      positions[i * 3] = m[0] * x + m[4] * y + m[8] * z + m[12];
      positions[i * 3 + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
      positions[i * 3 + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
    }
    const idx = prim.getIndices();
    const indices = idx ? Uint32Array.from(idx.getArray() as ArrayLike<number>) : Uint32Array.from({ length: n }, (_, i) => i);
    const uvAcc = prim.getAttribute('TEXCOORD_0');
    const uvs = uvAcc ? Float32Array.from(uvAcc.getArray() as ArrayLike<number>) : null;
    const material = prim.getMaterial();
    const factor = material?.getBaseColorFactor() ?? [1, 1, 1, 1];
    const lin2srgb = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
    const texture = material?.getBaseColorTexture();
    let image: Rgba | null = null;
    if (texture && uvs) {
      image = textures.get(texture) ?? (await decodeImage(texture.getImage() ?? new Uint8Array(), 512).catch(() => null)) ?? null;
      if (image) textures.set(texture, image);
    }
    const colors = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) {
      const t = image && uvs ? sampleUv(image, uvs[i * 2]!, uvs[i * 2 + 1]!) : [255, 255, 255];
      for (let k = 0; k < 3; k++) colors[i * 3 + k] = (t[k]! / 255) * lin2srgb(factor[k]!);
    }
    parts.push({ positions, indices, uvs, colors });
  }
  if (parts.length === 0) throw new Error('The GLB holds no triangle mesh.');
  return concat(parts);
}

export type GlbOptions = {
  name?: string;
  /** PNG base colour, used through the soup's UVs. */
  baseColorPng?: Uint8Array | null;
  metallicRoughnessPng?: Uint8Array | null;
  normalPng?: Uint8Array | null;
  /** Write per-vertex colours as COLOR_0 (when the soup has them and no texture is given). */
  vertexColors?: boolean;
  metallic?: number;
  roughness?: number;
};

/** Adds a soup as one mesh node to a document (shared by plain and skinned GLBs). */
export function addSoup(doc: Document, soup: Soup, opts: GlbOptions = {}): GNode {
  const buffer = doc.getRoot().listBuffers()[0] ?? doc.createBuffer();
  const normals = vertexNormals(soup.positions, soup.indices);
  const material = doc.createMaterial(opts.name ?? 'material').setMetallicFactor(opts.metallic ?? 0).setRoughnessFactor(opts.roughness ?? 0.7);
  const png = (name: string, image: Uint8Array) => doc.createTexture(name).setImage(image).setMimeType('image/png');
  if (opts.baseColorPng && soup.uvs) material.setBaseColorTexture(png('base_color', opts.baseColorPng));
  if (opts.metallicRoughnessPng && soup.uvs) material.setMetallicRoughnessTexture(png('metallic_roughness', opts.metallicRoughnessPng)).setMetallicFactor(1).setRoughnessFactor(1);
  if (opts.normalPng && soup.uvs) material.setNormalTexture(png('normal', opts.normalPng));
  const acc = (type: 'VEC2' | 'VEC3' | 'SCALAR', array: Float32Array | Uint32Array | Uint16Array) => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const vertexCount = soup.positions.length / 3;
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', soup.positions))
    .setAttribute('NORMAL', acc('VEC3', normals))
    .setIndices(acc('SCALAR', vertexCount <= 65535 ? Uint16Array.from(soup.indices) : soup.indices))
    .setMaterial(material);
  if (soup.uvs) prim.setAttribute('TEXCOORD_0', acc('VEC2', soup.uvs));
  if (opts.vertexColors && soup.colors && !opts.baseColorPng) prim.setAttribute('COLOR_0', acc('VEC3', srgbToLinearArray(soup.colors)));
  const mesh = doc.createMesh(opts.name ?? 'mesh').addPrimitive(prim);
  return doc.createNode(opts.name ?? 'mesh').setMesh(mesh);
}

const srgbToLinearArray = (c: Float32Array) => Float32Array.from(c, (v) => (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)));

/** A new document with one scene. */
export function newDocument(sceneName = 'Scene'): Document {
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'Triptych sandbox gen3d';
  doc.createBuffer();
  const scene = doc.createScene(sceneName);
  doc.getRoot().setDefaultScene(scene);
  return doc;
}

/** One soup as a GLB. */
export async function writeGlb(soup: Soup, opts: GlbOptions = {}): Promise<Uint8Array> {
  const doc = newDocument(opts.name);
  doc.getRoot().getDefaultScene()!.addChild(addSoup(doc, soup, opts));
  return new WebIO().writeBinary(doc);
}

export const toBytes = (doc: Document) => new WebIO().writeBinary(doc);
