import { BufferAttribute, BufferGeometry, Group, Mesh, MeshStandardMaterial } from 'three';
import { OBJExporter } from 'three/examples/jsm/exporters/OBJExporter.js';
import { STLExporter } from 'three/examples/jsm/exporters/STLExporter.js';
import { mergeVertices } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import { strToU8 } from 'fflate';
import type { ExtraFormat, MeshGroup } from './types';
import { package3mf } from '../mesh/formats';

/** 3MF is millimetres; one model unit (about a metre in glTF) becomes this many mm. */
export const MM_PER_UNIT = 100;
/** Fixed zip timestamp (local time) so the archive is byte-identical between runs. */

function toScene(groups: readonly MeshGroup[]): Group {
  const root = new Group();
  for (const g of groups) {
    const geo = new BufferGeometry();
    geo.setAttribute('position', new BufferAttribute(g.positions, 3));
    geo.setAttribute('normal', new BufferAttribute(g.normals, 3));
    geo.setAttribute('uv', new BufferAttribute(g.uvs, 2));
    geo.setIndex(new BufferAttribute(g.indices, 1));
    const mesh = new Mesh(geo, new MeshStandardMaterial({ name: g.material.name }));
    mesh.name = g.material.name;
    root.add(mesh);
  }
  root.updateMatrixWorld(true);
  return root;
}

const num = (v: number): string => {
  const s = v.toFixed(4);
  return s === '-0.0000' ? '0.0000' : s;
};
const hex = (c: readonly number[]): string =>
  '#' + c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('').toUpperCase();

/** Minimal 3MF core package: one mesh object (vertices welded), per-triangle base materials, Z up. */
export function build3mf(groups: readonly MeshGroup[]): Uint8Array {
  const verts: string[] = [];
  const tris: string[] = [];
  let offset = 0;
  groups.forEach((g, k) => {
    const geo = new BufferGeometry();
    geo.setAttribute('position', new BufferAttribute(g.positions, 3));
    geo.setIndex(new BufferAttribute(g.indices, 1));
    const welded = mergeVertices(geo, 1e-5);
    const p = welded.getAttribute('position');
    const index = welded.getIndex();
    for (let i = 0; i < p.count; i++)
      verts.push(`<vertex x="${num(p.getX(i) * MM_PER_UNIT)}" y="${num(-p.getZ(i) * MM_PER_UNIT)}" z="${num(p.getY(i) * MM_PER_UNIT)}"/>`);
    if (index)
      for (let t = 0; t < index.count; t += 3)
        tris.push(`<triangle v1="${index.getX(t) + offset}" v2="${index.getX(t + 1) + offset}" v3="${index.getX(t + 2) + offset}" pid="1" p1="${k}"/>`);
    offset += p.count;
  });
  const bases = groups.map((g) => `<base name="${g.material.name}" displaycolor="${hex(g.material.color)}"/>`).join('');
  return package3mf(verts.join(''), tris.join(''), bases);
}

/** OBJ (text), binary STL and 3MF for the requested formats. */
export function exportFormats(groups: readonly MeshGroup[], wanted: readonly ExtraFormat[]): Partial<Record<ExtraFormat, Uint8Array>> {
  const out: Partial<Record<ExtraFormat, Uint8Array>> = {};
  const scene = wanted.includes('obj') || wanted.includes('stl') ? toScene(groups) : null;
  for (const format of wanted) {
    if (format === 'obj' && scene) out.obj = strToU8(new OBJExporter().parse(scene));
    else if (format === 'stl' && scene) {
      const view = new STLExporter().parse(scene, { binary: true });
      out.stl = new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
    } else if (format === '3mf') out['3mf'] = build3mf(groups);
  }
  return out;
}
