import { Box3, BufferAttribute, BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { MaterialSpec, MeshGroup, Part } from './types';

/** Atlas layout: a cols x rows tiling of the texture, one tile per material (pad: tile-relative margin). */
export type Atlas = { cols: number; rows: number; pad: number };

const ATTRS = ['position', 'normal', 'uv'] as const;

/** Copy with exactly position/normal/uv (float32), indexed, UVs inside [0,1]. */
function clean(src: BufferGeometry): BufferGeometry {
  const g = new BufferGeometry();
  for (const name of ATTRS) {
    const attr = src.getAttribute(name);
    if (!attr) throw new Error(`part geometry lacks ${name}`);
    const arr = new Float32Array(attr.count * attr.itemSize);
    for (let i = 0; i < attr.count; i++)
      for (let k = 0; k < attr.itemSize; k++) arr[i * attr.itemSize + k] = attr.getComponent(i, k);
    g.setAttribute(name, new BufferAttribute(arr, attr.itemSize));
  }
  const count = g.getAttribute('position').count;
  const index = src.getIndex();
  const idx = new Uint32Array(index ? index.count : count);
  for (let i = 0; i < idx.length; i++) idx[i] = index ? index.getX(i) : i;
  g.setIndex(new BufferAttribute(idx, 1));
  const uv = g.getAttribute('uv').array as Float32Array;
  for (const axis of [0, 1]) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = axis; i < uv.length; i += 2) {
      lo = Math.min(lo, uv[i] ?? 0);
      hi = Math.max(hi, uv[i] ?? 0);
    }
    const outside = lo < -1e-6 || hi > 1 + 1e-6;
    const span = hi - lo > 1e-9 ? hi - lo : 1;
    for (let i = axis; i < uv.length; i += 2) {
      const v = outside ? ((uv[i] ?? 0) - lo) / span : (uv[i] ?? 0);
      uv[i] = Math.min(1, Math.max(0, v));
    }
  }
  return g;
}

/** Unit normals everywhere (zero/NaN ones point away from the group centre). */
function fixNormals(pos: Float32Array, nor: Float32Array, centre: readonly number[]): void {
  for (let i = 0; i < nor.length; i += 3) {
    let x = nor[i] ?? 0;
    let y = nor[i + 1] ?? 0;
    let z = nor[i + 2] ?? 0;
    let len = Math.hypot(x, y, z);
    if (!(len > 1e-6)) {
      x = (pos[i] ?? 0) - (centre[0] ?? 0);
      y = (pos[i + 1] ?? 0) - (centre[1] ?? 0);
      z = (pos[i + 2] ?? 0) - (centre[2] ?? 0);
      len = Math.hypot(x, y, z);
      if (!(len > 1e-9)) [x, y, z, len] = [0, 1, 0, 1];
    }
    nor[i] = x / len;
    nor[i + 1] = y / len;
    nor[i + 2] = z / len;
  }
}

/** Drop zero-area triangles (they trip validators and add nothing). */
function dropDegenerate(pos: Float32Array, idx: Uint32Array): Uint32Array {
  const out: number[] = [];
  for (let t = 0; t < idx.length; t += 3) {
    const a = (idx[t] ?? 0) * 3;
    const b = (idx[t + 1] ?? 0) * 3;
    const c = (idx[t + 2] ?? 0) * 3;
    const ux = (pos[b] ?? 0) - (pos[a] ?? 0), uy = (pos[b + 1] ?? 0) - (pos[a + 1] ?? 0), uz = (pos[b + 2] ?? 0) - (pos[a + 2] ?? 0);
    const vx = (pos[c] ?? 0) - (pos[a] ?? 0), vy = (pos[c + 1] ?? 0) - (pos[a + 1] ?? 0), vz = (pos[c + 2] ?? 0) - (pos[a + 2] ?? 0);
    const cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
    if (cx * cx + cy * cy + cz * cz > 1e-16) out.push(idx[t] ?? 0, idx[t + 1] ?? 0, idx[t + 2] ?? 0);
  }
  return Uint32Array.from(out);
}

/**
 * Merge parts per material, centre on X/Z, rest on y=0, scale to 1–2 units tall,
 * and remap UVs into one atlas tile per material (primary material first).
 */
export function assemble(parts: readonly Part[]): { groups: MeshGroup[]; atlas: Atlas } {
  const byName = new Map<string, { material: MaterialSpec; geoms: BufferGeometry[] }>();
  const ordered = [...parts].sort((a, b) => Number(b.material.primary ?? false) - Number(a.material.primary ?? false));
  for (const part of ordered) {
    const entry = byName.get(part.material.name) ?? { material: part.material, geoms: [] };
    entry.geoms.push(clean(part.geometry));
    byName.set(part.material.name, entry);
  }
  const merged = [...byName.values()].map(({ material, geoms }) => {
    const g = mergeGeometries(geoms, false);
    if (!g) throw new Error(`could not merge parts of ${material.name}`);
    return { material, g };
  });
  const box = new Box3();
  for (const { g } of merged) {
    g.computeBoundingBox();
    if (g.boundingBox) box.union(g.boundingBox);
  }
  const w = box.max.x - box.min.x, h = box.max.y - box.min.y, d = box.max.z - box.min.z;
  const maxDim = Math.max(w, h, d, 1e-6);
  let s = 1.6 / maxDim;
  if (h * s < 1) s = Math.min(1 / Math.max(h, 1e-6), 2.6 / maxDim);
  const cx = (box.min.x + box.max.x) / 2, cz = (box.min.z + box.max.z) / 2;
  const cols = Math.max(1, Math.ceil(Math.sqrt(merged.length)));
  const rows = Math.max(1, Math.ceil(merged.length / cols));
  const atlas: Atlas = { cols, rows, pad: 0.03 };
  const groups = merged.map(({ material, g }, k): MeshGroup => {
    g.translate(-cx, -box.min.y, -cz);
    g.scale(s, s, s);
    const positions = g.getAttribute('position').array as Float32Array;
    const normals = g.getAttribute('normal').array as Float32Array;
    const uvs = Float32Array.from(g.getAttribute('uv').array as Float32Array);
    g.computeBoundingBox();
    const gb = g.boundingBox ?? new Box3();
    fixNormals(positions, normals, [(gb.min.x + gb.max.x) / 2, (gb.min.y + gb.max.y) / 2, (gb.min.z + gb.max.z) / 2]);
    const col = k % cols, row = Math.floor(k / cols);
    const span = 1 - 2 * atlas.pad;
    for (let i = 0; i < uvs.length; i += 2) {
      uvs[i] = (col + atlas.pad + (uvs[i] ?? 0) * span) / cols;
      uvs[i + 1] = (row + atlas.pad + (uvs[i + 1] ?? 0) * span) / rows;
    }
    const rawIndex = g.getIndex();
    const indices = dropDegenerate(positions, Uint32Array.from(rawIndex ? (rawIndex.array as ArrayLike<number>) : []));
    return { material, positions: Float32Array.from(positions), normals: Float32Array.from(normals), uvs, indices };
  });
  return { groups, atlas };
}
