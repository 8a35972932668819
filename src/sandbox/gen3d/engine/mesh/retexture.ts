import { fnv1a } from '../../../shared/hash';
import { makePattern } from '../model/patterns';
import { findColourWords, hsl } from '../model/palette';
import { encodePng } from '../model/png';
import type { PatternKind, RGB } from '../model/types';
import { decodeImage, encodeRgbaPng, type Rgba } from './image';
import { bounds, size, type Soup } from './soup';

/**
 * Retexture: the same mesh, new textures. An image style (it wins over text, document) becomes the
 * base colour through the model's UVs; a text style becomes a procedural pattern in the prompt's
 * colours (colour words, else a hue from the prompt) and material words. A model without UVs gets
 * planar ones (front projection), its vertices untouched.
 */
const patternWords: Array<[RegExp, PatternKind]> = [
  [/wood|oak|plank|timber/, 'wood'], [/brick|stone|rock|marble|castle/, 'bricks'], [/metal|steel|iron|chrome|gold|silver|brass/, 'brushed'],
  [/scale|dragon|snake|reptile/, 'scales'], [/stripe|zebra|tiger/, 'stripes'], [/spot|leopard|dots?\b/, 'spots'], [/fabric|cloth|knit|wool|denim/, 'fabric'],
  [/tile|mosaic/, 'tiles'], [/leaf|leaves|moss|grass/, 'leaves'], [/crystal|gem|facet/, 'facets'], [/bark|tree/, 'bark'],
];
export const SIZE = 1024;

export type Textures = { baseColor: Uint8Array; metallic?: Uint8Array; roughness?: Uint8Array; normal?: Uint8Array; metallicRoughness?: Uint8Array; preview: Rgba };

export function planarUvs(soup: Soup): Float32Array {
  const b = bounds(soup.positions);
  const [w, h] = size(b);
  const uvs = new Float32Array((soup.positions.length / 3) * 2);
  for (let i = 0; i < uvs.length / 2; i++) {
    uvs[i * 2] = (soup.positions[i * 3]! - b.min[0]) / Math.max(w, 1e-9);
    uvs[i * 2 + 1] = 1 - (soup.positions[i * 3 + 1]! - b.min[1]) / Math.max(h, 1e-9);
  }
  return uvs;
}

export async function styleTextures(style: { image?: Uint8Array | null; text?: string | null }, pbr: boolean): Promise<Textures> {
  if (style.image) {
    const img = await decodeImage(style.image, SIZE);
    return { baseColor: await encodeRgbaPng(img), preview: img, ...(pbr ? flatPbr(img) : {}) };
  }
  const text = (style.text ?? '').toLowerCase();
  const seed = fnv1a(text) & 0xffff;
  const words = findColourWords(text);
  const a: RGB = words[0]?.color ?? hsl(seed % 360, 0.6, 0.5);
  const b: RGB = words[1]?.color ?? hsl((seed % 360) + 150, 0.5, 0.35);
  const kind = patternWords.find(([re]) => re.test(text))?.[1] ?? 'noise';
  const pattern = makePattern(kind, seed);
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  const heights = new Float32Array(SIZE * SIZE);
  const s = { t: 0, h: 0 };
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      pattern(((x * 4) / SIZE) % 1, ((y * 4) / SIZE) % 1, s);
      const i = y * SIZE + x;
      heights[i] = s.h;
      for (let k = 0; k < 3; k++) rgba[i * 4 + k] = Math.round(255 * (a[k]! + (b[k]! - a[k]!) * s.t));
      rgba[i * 4 + 3] = 255;
    }
  const img = { width: SIZE, height: SIZE, data: rgba };
  const metal = /metal|steel|iron|chrome|gold|silver|brass|bronze|copper/.test(text) || !!words[0]?.metallic;
  return { baseColor: await encodeRgbaPng(img), preview: img, ...(pbr ? pbrFromHeights(heights, metal) : {}) };
}

/** Roughness from brightness, no metal, a flat normal map: maps for an image style. */
function flatPbr(img: Rgba) {
  const heights = new Float32Array(img.width * img.height);
  for (let i = 0; i < heights.length; i++) heights[i] = (img.data[i * 4]! + img.data[i * 4 + 1]! + img.data[i * 4 + 2]!) / 765;
  return pbrFromHeights(heights, false, img.width);
}

function pbrFromHeights(h: Float32Array, metal: boolean, size = SIZE) {
  const n = size * size;
  const metallic = new Uint8Array(n).fill(metal ? 230 : 0);
  const roughness = new Uint8Array(n);
  const mr = new Uint8Array(n * 3);
  const normal = new Uint8Array(n * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      roughness[i] = Math.round(255 * (metal ? 0.25 + 0.3 * h[i]! : 0.55 + 0.4 * h[i]!));
      mr.set([255, roughness[i]!, metallic[i]!], i * 3);
      const dx = (h[y * size + Math.min(size - 1, x + 1)]! - h[y * size + Math.max(0, x - 1)]!) * 4;
      const dy = (h[Math.min(size - 1, y + 1) * size + x]! - h[Math.max(0, y - 1) * size + x]!) * 4;
      const l = Math.hypot(dx, dy, 1);
      normal.set([Math.round((-dx / l) * 127.5 + 127.5), Math.round((dy / l) * 127.5 + 127.5), Math.round((1 / l) * 127.5 + 127.5)], i * 3);
    }
  const grey = (data: Uint8Array) => encodePng({ width: size, height: size, channels: 1, data });
  return { metallic: grey(metallic), roughness: grey(roughness), metallicRoughness: encodePng({ width: size, height: size, channels: 3, data: mr }), normal: encodePng({ width: size, height: size, channels: 3, data: normal }) };
}
