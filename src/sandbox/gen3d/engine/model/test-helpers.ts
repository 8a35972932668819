// Shared helpers for this folder's Vitest suites (not used by the generator itself).
import { WebIO } from '@gltf-transform/core';
import type { Document } from '@gltf-transform/core';
import { PNG } from 'pngjs';

import validator, { type ValidatorReport } from 'gltf-validator';

export type { ValidatorReport };

export function validateGlb(glb: Uint8Array): Promise<ValidatorReport> {
  return validator.validateBytes(glb, { maxIssues: 50 });
}

export function readGlb(glb: Uint8Array): Promise<Document> {
  return new WebIO().readBinary(glb);
}

/** Triangles over every primitive of every mesh, as stored in the file. */
export function countTriangles(doc: Document): number {
  let n = 0;
  for (const mesh of doc.getRoot().listMeshes())
    for (const prim of mesh.listPrimitives()) {
      const idx = prim.getIndices();
      n += (idx ? idx.getCount() : (prim.getAttribute('POSITION')?.getCount() ?? 0)) / 3;
    }
  return n;
}

export type PixelStats = { width: number; height: number; coverage: number; mean: [number, number, number]; distinct: number };

/** Decode a PNG; coverage is the fraction of pixels differing from `background`, mean is over those. */
export function pixelStats(png: Uint8Array, background: readonly [number, number, number]): PixelStats {
  const img = PNG.sync.read(Buffer.from(png));
  let count = 0;
  const sum = [0, 0, 0];
  const colours = new Set<number>();
  for (let i = 0; i < img.width * img.height; i++) {
    const r = img.data[i * 4] ?? 0, g = img.data[i * 4 + 1] ?? 0, b = img.data[i * 4 + 2] ?? 0;
    if (Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) <= 6) continue;
    count++;
    sum[0] = (sum[0] ?? 0) + r;
    sum[1] = (sum[1] ?? 0) + g;
    sum[2] = (sum[2] ?? 0) + b;
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
  }
  const k = Math.max(1, count);
  return {
    width: img.width,
    height: img.height,
    coverage: count / (img.width * img.height),
    mean: [(sum[0] ?? 0) / k, (sum[1] ?? 0) / k, (sum[2] ?? 0) / k],
    distinct: colours.size,
  };
}

/** Hue in degrees of an sRGB colour (0..255 components). */
export function hueOf([r, g, b]: readonly number[]): number {
  const [R = 0, G = 0, B = 0] = [r, g, b];
  const max = Math.max(R, G, B), min = Math.min(R, G, B);
  if (max - min < 1e-6) return 0;
  const d = max - min;
  const h = max === R ? ((G - B) / d) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return (h * 60 + 360) % 360;
}

/** Smallest angle between two hues, in degrees. */
export function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Centre (degrees) of the most populated 15° hue bin among clearly coloured, non-background pixels. */
export function dominantHue(png: Uint8Array, background: readonly [number, number, number]): number {
  const img = PNG.sync.read(Buffer.from(png));
  const bins = new Array<number>(24).fill(0);
  for (let i = 0; i < img.width * img.height; i++) {
    const px = [img.data[i * 4] ?? 0, img.data[i * 4 + 1] ?? 0, img.data[i * 4 + 2] ?? 0] as const;
    if (Math.abs(px[0] - background[0]) + Math.abs(px[1] - background[1]) + Math.abs(px[2] - background[2]) <= 6) continue;
    const max = Math.max(...px), min = Math.min(...px);
    if (max < 40 || (max - min) / max < 0.3) continue;
    const bin = Math.floor(hueOf(px) / 15) % 24;
    bins[bin] = (bins[bin] ?? 0) + 1;
  }
  return bins.indexOf(Math.max(...bins)) * 15 + 7.5;
}
