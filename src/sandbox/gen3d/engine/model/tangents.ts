import { BufferAttribute, BufferGeometry } from 'three';
import type { MeshGroup } from './types';

/**
 * Per-vertex tangents (vec4, w = handedness) from three's computeTangents, made safe for glTF:
 * orthogonal to the normal, unit length, w exactly ±1, with a fallback where UVs are degenerate.
 */
export function computeTangents(g: MeshGroup): Float32Array {
  const geo = new BufferGeometry();
  geo.setAttribute('position', new BufferAttribute(g.positions, 3));
  geo.setAttribute('normal', new BufferAttribute(g.normals, 3));
  geo.setAttribute('uv', new BufferAttribute(g.uvs, 2));
  geo.setIndex(new BufferAttribute(g.indices, 1));
  geo.computeTangents();
  const raw = geo.getAttribute('tangent').array as Float32Array;
  const out = new Float32Array(raw.length);
  const n = g.normals;
  for (let v = 0; v < raw.length / 4; v++) {
    const nx = n[v * 3] ?? 0, ny = n[v * 3 + 1] ?? 1, nz = n[v * 3 + 2] ?? 0;
    let tx = raw[v * 4] ?? 0, ty = raw[v * 4 + 1] ?? 0, tz = raw[v * 4 + 2] ?? 0;
    if (!Number.isFinite(tx + ty + tz)) [tx, ty, tz] = [0, 0, 0];
    const d = tx * nx + ty * ny + tz * nz;
    tx -= nx * d;
    ty -= ny * d;
    tz -= nz * d;
    let len = Math.hypot(tx, ty, tz);
    if (len < 1e-6) {
      // any direction perpendicular to the normal
      [tx, ty, tz] = Math.abs(nx) < 0.9 ? [0, nz, -ny] : [-nz, 0, nx];
      [tx, ty, tz] = [ny * tz - nz * ty, nz * tx - nx * tz, nx * ty - ny * tx];
      len = Math.hypot(tx, ty, tz) || 1;
    }
    out[v * 4] = tx / len;
    out[v * 4 + 1] = ty / len;
    out[v * 4 + 2] = tz / len;
    out[v * 4 + 3] = (raw[v * 4 + 3] ?? 1) < 0 ? -1 : 1;
  }
  return out;
}
