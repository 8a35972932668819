import { PNG } from 'pngjs';
import { hash32, makeRng } from './corpus/random';
import type { MediaKind } from './corpus/types';

/** Deterministic pictures: identicon avatars and abstract post images (gradients and shapes). */

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 3);
  }
  set(x: number, y: number, [r, g, b]: Rgb, alpha = 1) {
    const o = (y * this.width + x) * 3;
    this.data[o] = Math.round(this.data[o]! * (1 - alpha) + r * alpha);
    this.data[o + 1] = Math.round(this.data[o + 1]! * (1 - alpha) + g * alpha);
    this.data[o + 2] = Math.round(this.data[o + 2]! * (1 - alpha) + b * alpha);
  }
  fill(test: (x: number, y: number) => boolean, color: Rgb, alpha = 1) {
    for (let y = 0; y < this.height; y++) for (let x = 0; x < this.width; x++) if (test(x, y)) this.set(x, y, color, alpha);
  }
  encode(): Uint8Array {
    const png = new PNG({ width: 1, height: 1 });
    png.width = this.width;
    png.height = this.height;
    png.data = this.data;
    const out = PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 6 });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
}

/** A 96×96 identicon: a mirrored 5×5 pattern in the user's colour on a pale ground. */
export function drawAvatar(seed: number, hue: number): Uint8Array {
  const size = 96;
  const cell = 16;
  const margin = 8;
  const canvas = new Canvas(size, size);
  const bg = hsl(hue, 0.35, 0.92);
  const fg = hsl(hue, 0.62, 0.45);
  canvas.fill(() => true, bg);
  const bits = hash32(seed, 7);
  canvas.fill((x, y) => {
    const cx = Math.floor((x - margin) / cell);
    const cy = Math.floor((y - margin) / cell);
    if (x < margin || y < margin || cx > 4 || cy > 4) return false;
    const col = cx < 3 ? cx : 4 - cx;
    return ((bits >>> (cy * 3 + col)) & 1) === 1;
  }, fg);
  return canvas.encode();
}

/** A post picture: a diagonal gradient, a few translucent shapes; a play mark on videos. */
export function drawPostImage(seed: number, width: number, height: number, kind: MediaKind): Uint8Array {
  const rng = makeRng(seed);
  const canvas = new Canvas(width, height);
  const h1 = rng.int(360);
  const h2 = (h1 + 60 + rng.int(120)) % 360;
  const c1 = hsl(h1, 0.55, 0.55);
  const c2 = hsl(h2, 0.6, 0.35);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      canvas.set(x, y, [c1[0] + (c2[0] - c1[0]) * t, c1[1] + (c2[1] - c1[1]) * t, c1[2] + (c2[2] - c1[2]) * t].map(Math.round) as Rgb);
    }
  }
  const shapes = 3 + rng.int(5);
  for (let s = 0; s < shapes; s++) {
    const color = hsl((h1 + rng.int(360)) % 360, 0.7, 0.5 + rng.next() * 0.35);
    const cx = rng.int(width);
    const cy = rng.int(height);
    const r = 20 + rng.int(Math.min(width, height) / 3);
    const kindOf = rng.int(3);
    if (kindOf === 0) canvas.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 < r * r, color, 0.55);
    else if (kindOf === 1) canvas.fill((x, y) => Math.abs(x - cx) < r && Math.abs(y - cy) < r * 0.6, color, 0.45);
    else canvas.fill((x, y) => Math.abs(((x + y + cx) % 48) - 24) < 5 && Math.abs(y - cy) < r, color, 0.4);
  }
  if (kind !== 'photo') {
    const cx = width / 2;
    const cy = height / 2;
    canvas.fill((x, y) => (x - cx) ** 2 + (y - cy) ** 2 < 34 * 34, [20, 20, 20], 0.55);
    if (kind === 'video') canvas.fill((x, y) => x > cx - 10 && x < cx + 16 && Math.abs(y - cy) < (cx + 16 - x) * 0.6, [255, 255, 255]);
    else canvas.fill((x, y) => Math.abs(x - cx) < 16 && Math.abs(y - cy) < 10 && (Math.abs(x - cx) > 12 || Math.abs(y - cy) > 6), [255, 255, 255]);
  }
  return canvas.encode();
}
