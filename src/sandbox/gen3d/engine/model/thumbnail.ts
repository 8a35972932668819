import type { RawImage } from './textures';
import type { MeshGroup } from './types';

export const THUMB_SIZE = 512;
/** Plain light background of every thumbnail (sRGB 0..255). */
export const THUMB_BACKGROUND = [236, 239, 243] as const;

const SS = 2; // supersampling factor per axis (downsample assumes 2)
const LIGHT = normalize([-0.45, 0.8, 0.55]);
const FILL = normalize([0.6, 0.2, -0.4]);

function normalize(v: readonly [number, number, number]): [number, number, number] {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/**
 * Orthographic 3/4 view, z-buffered, Lambert + ambient shading. Colours come from the materials,
 * or from the base-colour atlas when given (refine).
 */
export function renderThumbnail(groups: readonly MeshGroup[], atlas: RawImage | null, angle: { yaw: number; pitch: number } = { yaw: Math.PI / 5, pitch: 0.42 }): RawImage {
  const W = THUMB_SIZE * SS;
  const { yaw, pitch } = angle;
  // camera basis: right, up, forward (towards the scene)
  const fwd = normalize([-Math.sin(yaw) * Math.cos(pitch), -Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)]);
  const right = normalize([Math.cos(yaw), 0, -Math.sin(yaw)]);
  const up: [number, number, number] = [
    right[1] * fwd[2] - right[2] * fwd[1],
    right[2] * fwd[0] - right[0] * fwd[2],
    right[0] * fwd[1] - right[1] * fwd[0],
  ];
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const g of groups) {
    const p = g.positions;
    for (let i = 0; i < p.length; i += 3) {
      const x = (p[i] ?? 0) * right[0] + (p[i + 1] ?? 0) * right[1] + (p[i + 2] ?? 0) * right[2];
      const y = (p[i] ?? 0) * up[0] + (p[i + 1] ?? 0) * up[1] + (p[i + 2] ?? 0) * up[2];
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
  }
  const scale = (0.86 * W) / Math.max(maxX - minX, maxY - minY, 1e-6);
  const ox = W / 2 - ((minX + maxX) / 2) * scale;
  const oy = W / 2 + ((minY + maxY) / 2) * scale;
  const depth = new Float32Array(W * W).fill(Infinity);
  const color = new Uint8ClampedArray(W * W * 3);
  const row = new Uint8ClampedArray(W * 3);
  for (let i = 0; i < W * 3; i++) row[i] = THUMB_BACKGROUND[i % 3] ?? 0;
  for (let y = 0; y < W; y++) color.set(row, y * W * 3);
  const view = { right, up, fwd, ox, oy, scale, W };
  for (const g of groups) drawGroup(g, view, atlas, depth, color);
  return downsample(color, W);
}

type View = { right: number[]; up: number[]; fwd: number[]; ox: number; oy: number; scale: number; W: number };

function drawGroup(g: MeshGroup, cam: View, atlas: RawImage | null, depth: Float32Array, color: Uint8ClampedArray): void {
  const { right, up, fwd, ox, oy, scale, W } = cam;
  const [rx = 0, ry = 0, rz = 0] = right;
  const [ux = 0, uy = 0, uz = 0] = up;
  const [fx = 0, fy = 0, fz = 0] = fwd;
  const n = g.positions.length / 3;
  const sx = new Float32Array(n), sy = new Float32Array(n), sz = new Float32Array(n);
  const P = g.positions, N = g.normals, UV = g.uvs;
  for (let v = 0; v < n; v++) {
    const x = P[v * 3] ?? 0, y = P[v * 3 + 1] ?? 0, z = P[v * 3 + 2] ?? 0;
    sx[v] = ox + (x * rx + y * ry + z * rz) * scale;
    sy[v] = oy - (x * ux + y * uy + z * uz) * scale;
    sz[v] = x * fx + y * fy + z * fz;
  }
  const m = g.material;
  const [br, bg, bb] = m.color.map((c) => c * 255) as [number, number, number];
  const [er, eg, eb] = (m.emissive ?? [0, 0, 0]).map((c) => c * 255 * 0.6) as [number, number, number];
  const spec = 40 * (1 - m.roughness);
  const tex = atlas?.data;
  const tw = atlas?.width ?? 1, th = atlas?.height ?? 1;
  const idx = g.indices;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] ?? 0, b = idx[t + 1] ?? 0, c = idx[t + 2] ?? 0;
    const ax = sx[a] ?? 0, ay = sy[a] ?? 0, bx = sx[b] ?? 0, by = sy[b] ?? 0, cx = sx[c] ?? 0, cy = sy[c] ?? 0;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-9) continue;
    const inv = 1 / area;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(W - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(W - 1, Math.ceil(Math.max(ay, by, cy)));
    // barycentric weights are affine in x: exact at the row start, then stepped per pixel
    const w0dx = (by - cy) * inv;
    const w1dx = (cy - ay) * inv;
    const za = sz[a] ?? 0, zb = sz[b] ?? 0, zc = sz[c] ?? 0;
    for (let py = y0; py <= y1; py++) {
      const qy = py + 0.5;
      let w0 = ((bx - x0 - 0.5) * (cy - qy) - (by - qy) * (cx - x0 - 0.5)) * inv;
      let w1 = ((cx - x0 - 0.5) * (ay - qy) - (cy - qy) * (ax - x0 - 0.5)) * inv;
      for (let px = x0; px <= x1; px++, w0 += w0dx, w1 += w1dx) {
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const z = w0 * za + w1 * zb + w2 * zc;
        const pi = py * W + px;
        if (z >= (depth[pi] ?? Infinity)) continue;
        depth[pi] = z;
        let nx = w0 * (N[a * 3] ?? 0) + w1 * (N[b * 3] ?? 0) + w2 * (N[c * 3] ?? 0);
        let ny = w0 * (N[a * 3 + 1] ?? 0) + w1 * (N[b * 3 + 1] ?? 0) + w2 * (N[c * 3 + 1] ?? 0);
        let nz = w0 * (N[a * 3 + 2] ?? 0) + w1 * (N[b * 3 + 2] ?? 0) + w2 * (N[c * 3 + 2] ?? 0);
        const nl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
        const flip = nx * fx + ny * fy + nz * fz > 0 ? -1 : 1;
        nx *= flip / nl; ny *= flip / nl; nz *= flip / nl;
        const key = Math.max(0, nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]);
        const fill = Math.max(0, nx * FILL[0] + ny * FILL[1] + nz * FILL[2]);
        const light = 0.38 + 0.62 * key + 0.18 * fill;
        let r = br, gg = bg, bl = bb;
        if (tex) {
          const u = w0 * (UV[a * 2] ?? 0) + w1 * (UV[b * 2] ?? 0) + w2 * (UV[c * 2] ?? 0);
          const v = w0 * (UV[a * 2 + 1] ?? 0) + w1 * (UV[b * 2 + 1] ?? 0) + w2 * (UV[c * 2 + 1] ?? 0);
          const tx = Math.min(tw - 1, Math.max(0, (u * tw) | 0));
          const ty = Math.min(th - 1, Math.max(0, (v * th) | 0));
          const ti = (ty * tw + tx) * 3;
          r = tex[ti] ?? 0; gg = tex[ti + 1] ?? 0; bl = tex[ti + 2] ?? 0;
        }
        const hl = key > 0.5 ? spec * Math.pow(key, 12) : 0;
        color[pi * 3] = r * light + hl + er;
        color[pi * 3 + 1] = gg * light + hl + eg;
        color[pi * 3 + 2] = bl * light + hl + eb;
      }
    }
  }
}

function downsample(color: Uint8ClampedArray, W: number): RawImage {
  const out = new Uint8Array(THUMB_SIZE * THUMB_SIZE * 3);
  const rowStride = W * 3;
  for (let y = 0; y < THUMB_SIZE; y++) {
    for (let x = 0; x < THUMB_SIZE; x++) {
      const a = y * SS * rowStride + x * SS * 3;
      const b = a + rowStride;
      const o = (y * THUMB_SIZE + x) * 3;
      for (let ch = 0; ch < 3; ch++)
        out[o + ch] = ((color[a + ch] ?? 0) + (color[a + 3 + ch] ?? 0) + (color[b + ch] ?? 0) + (color[b + 3 + ch] ?? 0) + 2) >> 2;
    }
  }
  return { width: THUMB_SIZE, height: THUMB_SIZE, channels: 3, data: out };
}
