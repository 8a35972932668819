import type { Atlas } from './assemble';
import { fnv1a } from '../../../shared/hash';
import { mix, shade } from './palette';
import { makePattern } from './patterns';
import type { PatternSample } from './patterns';
import type { MaterialSpec, RGB } from './types';

/** Raw 8-bit images (not yet PNG-encoded). */
export type RawImage = { width: number; height: number; channels: 1 | 3; data: Uint8Array };

/** Pattern values over the whole atlas: t (colour mix), h (height) and tile (material index, -1 unused). */
export type PatternField = { size: number; t: Float32Array; h: Float32Array; tile: Int16Array };

/** Evaluate every material's tileable pattern once per texel of its atlas tile. */
export function samplePatterns(materials: readonly MaterialSpec[], atlas: Atlas, size: number): PatternField {
  const t = new Float32Array(size * size);
  const h = new Float32Array(size * size).fill(0.5);
  const tile = new Int16Array(size * size).fill(-1);
  const { cols, rows, pad } = atlas;
  const span = 1 - 2 * pad;
  const s: PatternSample = { t: 0, h: 0 };
  materials.forEach((m, k) => {
    const col = k % cols;
    const row = Math.floor(k / cols);
    const pattern = makePattern(m.pattern, fnv1a(m.name) & 0xffff);
    const x0 = Math.round((col * size) / cols), x1 = Math.round(((col + 1) * size) / cols);
    const y0 = Math.round((row * size) / rows), y1 = Math.round(((row + 1) * size) / rows);
    for (let py = y0; py < y1; py++) {
      let lv = (((py + 0.5) / size) * rows - row - pad) / span;
      lv -= Math.floor(lv);
      for (let px = x0; px < x1; px++) {
        let lu = (((px + 0.5) / size) * cols - col - pad) / span;
        lu -= Math.floor(lu);
        pattern(lu, lv, s);
        const i = py * size + px;
        t[i] = s.t;
        h[i] = s.h;
        tile[i] = k;
      }
    }
  });
  return { size, t, h, tile };
}

/** Halve the resolution of a field (2x2 average; tile id from the top-left texel). */
export function halveField(f: PatternField): PatternField {
  const size = f.size >> 1;
  const t = new Float32Array(size * size);
  const h = new Float32Array(size * size);
  const tile = new Int16Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const a = 2 * y * f.size + 2 * x;
      const b = a + f.size;
      const i = y * size + x;
      t[i] = ((f.t[a] ?? 0) + (f.t[a + 1] ?? 0) + (f.t[b] ?? 0) + (f.t[b + 1] ?? 0)) / 4;
      h[i] = ((f.h[a] ?? 0) + (f.h[a + 1] ?? 0) + (f.h[b] ?? 0) + (f.h[b + 1] ?? 0)) / 4;
      tile[i] = f.tile[a] ?? -1;
    }
  return { size, t, h, tile };
}

const accentOf = (m: MaterialSpec): RGB =>
  m.accent ?? (Math.max(...m.color) > 0.25 ? shade(m.color, 0.55) : mix(m.color, [1, 1, 1], 0.25));

/** Base colour atlas (RGB): each material's colour mixed towards its accent by the pattern. */
export function renderBaseColor(materials: readonly MaterialSpec[], f: PatternField): RawImage {
  const n = f.size * f.size;
  const data = new Uint8Array(n * 3).fill(128);
  const pairs = materials.map((m) => [m.color, accentOf(m)] as const);
  for (let i = 0; i < n; i++) {
    const pair = pairs[f.tile[i] ?? -1];
    if (!pair) continue;
    const [a, b] = pair;
    const t = f.t[i] ?? 0;
    data[i * 3] = Math.round(255 * (a[0] + (b[0] - a[0]) * t));
    data[i * 3 + 1] = Math.round(255 * (a[1] + (b[1] - a[1]) * t));
    data[i * 3 + 2] = Math.round(255 * (a[2] + (b[2] - a[2]) * t));
  }
  return { width: f.size, height: f.size, channels: 3, data };
}

export type PbrImages = { metallicRoughness: RawImage; metallic: RawImage; roughness: RawImage; normal: RawImage };

/** Metallic-roughness (glTF packing: G roughness, B metallic) and a tangent-space normal map from the heights. */
export function renderPbrMaps(materials: readonly MaterialSpec[], f: PatternField, atlas: Atlas): PbrImages {
  const size = f.size;
  const n = size * size;
  const mr = new Uint8Array(n * 3);
  const metal = new Uint8Array(n);
  const rough = new Uint8Array(n);
  const normal = new Uint8Array(n * 3);
  // slope per texel → slope per tile-local unit, times a bump strength
  const k = (0.012 * size * (1 - 2 * atlas.pad)) / Math.max(atlas.cols, atlas.rows);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const m = materials[f.tile[i] ?? -1];
      const h = f.h[i] ?? 0.5;
      const r = m ? Math.min(1, Math.max(0.04, m.roughness + (0.5 - h) * 0.35)) : 1;
      const mt = m && m.metallic > 0 ? Math.min(1, Math.max(0, m.metallic - (f.t[i] ?? 0) * 0.15)) : 0;
      rough[i] = Math.round(r * 255);
      metal[i] = Math.round(mt * 255);
      mr[i * 3] = 255;
      mr[i * 3 + 1] = rough[i] ?? 0;
      mr[i * 3 + 2] = metal[i] ?? 0;
      const dx = ((f.h[x + 1 < size ? i + 1 : i] ?? h) - (f.h[x > 0 ? i - 1 : i] ?? h)) / 2;
      const dy = ((f.h[y + 1 < size ? i + size : i] ?? h) - (f.h[y > 0 ? i - size : i] ?? h)) / 2;
      const nx = -dx * k;
      const ny = dy * k;
      const inv = 1 / Math.sqrt(nx * nx + ny * ny + 1);
      normal[i * 3] = Math.round((nx * inv * 0.5 + 0.5) * 255);
      normal[i * 3 + 1] = Math.round((ny * inv * 0.5 + 0.5) * 255);
      normal[i * 3 + 2] = Math.round((inv * 0.5 + 0.5) * 255);
    }
  }
  return {
    metallicRoughness: { width: size, height: size, channels: 3, data: mr },
    metallic: { width: size, height: size, channels: 1, data: metal },
    roughness: { width: size, height: size, channels: 1, data: rough },
    normal: { width: size, height: size, channels: 3, data: normal },
  };
}
