import { strToU8, zipSync } from 'fflate';
import { BufferAttribute, BufferGeometry, Mesh, MeshStandardMaterial, Scene } from 'three';
import { STLExporter } from 'three/examples/jsm/exporters/STLExporter.js';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { writeGlb } from './io';
import { vertexNormals, type Soup } from './soup';

/** Formats the sandbox truly writes; fbx and blend stay empty, as the document allows ("a value can be empty"). */
export const writableFormats = ['glb', 'obj', 'stl', '3mf', 'usdz'] as const;
export type WritableFormat = (typeof writableFormats)[number];
export const isWritable = (f: string): f is WritableFormat => (writableFormats as readonly string[]).includes(f);

const ZIP_TIME = new Date(2024, 0, 1);
/** 3MF is millimetres; a model unit is a metre. */
const MM = 1000;

function toMesh(soup: Soup): Mesh {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(soup.positions, 3));
  g.setAttribute('normal', new BufferAttribute(vertexNormals(soup.positions, soup.indices), 3));
  if (soup.uvs) g.setAttribute('uv', new BufferAttribute(soup.uvs, 2));
  g.setIndex(new BufferAttribute(soup.indices, 1));
  return new Mesh(g, new MeshStandardMaterial({ name: 'material', color: 0xcccccc }));
}

const n = (v: number) => (Math.abs(v) < 5e-7 ? '0' : v.toFixed(6).replace(/0+$/, '').replace(/\.$/, ''));

/** OBJ, with quads where `quads` pairs triangles (remesh topology quad): `f a b c d`. */
export function writeObj(soup: Soup, quads?: ReadonlyArray<readonly [number, number]> | null): Uint8Array {
  const lines = ['# Triptych sandbox', 'o model'];
  for (let i = 0; i < soup.positions.length; i += 3) lines.push(`v ${n(soup.positions[i]!)} ${n(soup.positions[i + 1]!)} ${n(soup.positions[i + 2]!)}`);
  if (soup.uvs) for (let i = 0; i < soup.uvs.length; i += 2) lines.push(`vt ${n(soup.uvs[i]!)} ${n(1 - soup.uvs[i + 1]!)}`);
  const f = (ids: number[]) => `f ${ids.map((i) => (soup.uvs ? `${i + 1}/${i + 1}` : `${i + 1}`)).join(' ')}`;
  const paired = new Set<number>();
  for (const [a, b] of quads ?? []) {
    const quad = quadOf(soup.indices, a, b);
    if (!quad) continue;
    lines.push(f(quad));
    paired.add(a).add(b);
  }
  for (let t = 0; t < soup.indices.length / 3; t++) if (!paired.has(t)) lines.push(f([soup.indices[t * 3]!, soup.indices[t * 3 + 1]!, soup.indices[t * 3 + 2]!]));
  return strToU8(lines.join('\n') + '\n');
}

/** The four corners, in order, of two triangles sharing an edge. */
export function quadOf(indices: Uint32Array, a: number, b: number): number[] | null {
  const ta = [indices[a * 3]!, indices[a * 3 + 1]!, indices[a * 3 + 2]!];
  const tb = new Set([indices[b * 3]!, indices[b * 3 + 1]!, indices[b * 3 + 2]!]);
  for (let k = 0; k < 3; k++) {
    const u = ta[k]!, v = ta[(k + 1) % 3]!, w = ta[(k + 2) % 3]!;
    if (tb.has(u) && tb.has(v)) {
      const x = [...tb].find((i) => i !== u && i !== v);
      return x === undefined ? null : [w, u, x, v];
    }
  }
  return null;
}

export function writeStl(soup: Soup): Uint8Array {
  const scene = new Scene().add(toMesh(soup));
  const view = new STLExporter().parse(scene, { binary: true }) as DataView;
  return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

export async function writeUsdz(soup: Soup): Promise<Uint8Array> {
  const scene = new Scene().add(toMesh(soup));
  scene.updateMatrixWorld(true);
  return new Uint8Array(await new USDZExporter().parseAsync(scene));
}

/** The 3MF package around one mesh's `<vertex>` and `<triangle>` lines and its base materials (one colour each). */
export function package3mf(vertices: string, triangles: string, bases: string): Uint8Array {
  const model = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">',
    '<metadata name="Application">Triptych sandbox</metadata>',
    `<resources><basematerials id="1">${bases}</basematerials>`,
    '<object id="2" type="model" pid="1" pindex="0"><mesh>',
    `<vertices>${vertices}</vertices>`,
    `<triangles>${triangles}</triangles>`,
    '</mesh></object></resources>',
    '<build><item objectid="2"/></build>',
    '</model>',
  ].join('\n');
  const types =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>';
  const rels =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>';
  return zipSync({ '[Content_Types].xml': strToU8(types), '_rels/.rels': strToU8(rels), '3D/3dmodel.model': strToU8(model) }, { level: 6, mtime: ZIP_TIME });
}

const hex = (c: ArrayLike<number>) => '#' + [0, 1, 2].map((k) => Math.round(Math.min(1, Math.max(0, c[k]!)) * 255).toString(16).padStart(2, '0')).join('').toUpperCase() + 'FF';

/**
 * A 3MF package (hand-written XML zipped with fflate): one mesh, Z up, millimetres, and per-triangle
 * base materials when a palette is given (multi-colour print).
 */
export function write3mf(soup: Soup, colours?: { palette: ReadonlyArray<ArrayLike<number>>; perTriangle: Uint8Array } | null): Uint8Array {
  const verts: string[] = [];
  for (let i = 0; i < soup.positions.length; i += 3)
    verts.push(`<vertex x="${n(soup.positions[i]! * MM)}" y="${n(-soup.positions[i + 2]! * MM)}" z="${n(soup.positions[i + 1]! * MM)}"/>`);
  const tris: string[] = [];
  for (let t = 0; t < soup.indices.length / 3; t++) {
    const p = colours ? ` pid="1" p1="${colours.perTriangle[t]}"` : '';
    tris.push(`<triangle v1="${soup.indices[t * 3]}" v2="${soup.indices[t * 3 + 1]}" v3="${soup.indices[t * 3 + 2]}"${p}/>`);
  }
  const palette = colours?.palette ?? [[0.8, 0.8, 0.8]];
  const bases = palette.map((c, i) => `<base name="colour ${i + 1}" displaycolor="${hex(c)}"/>`).join('');
  return package3mf(verts.join(''), tris.join(''), bases);
}

/** Writes each asked format the sandbox can write; the others are left out (their URLs stay empty). */
export async function writeFormats(soup: Soup, formats: readonly string[], glb?: Uint8Array): Promise<Partial<Record<WritableFormat, Uint8Array>>> {
  const out: Partial<Record<WritableFormat, Uint8Array>> = {};
  for (const f of formats) {
    if (f === 'glb') out.glb = glb ?? (await writeGlb(soup, { vertexColors: true }));
    else if (f === 'obj') out.obj = writeObj(soup);
    else if (f === 'stl') out.stl = writeStl(soup);
    else if (f === '3mf') out['3mf'] = write3mf(soup);
    else if (f === 'usdz') out.usdz = await writeUsdz(soup);
  }
  return out;
}
