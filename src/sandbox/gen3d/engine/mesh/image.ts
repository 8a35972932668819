import sharp from 'sharp';

/** An 8-bit RGBA picture. */
export type Rgba = { width: number; height: number; data: Uint8Array };

/** Decodes a PNG, JPEG or WebP (sharp), optionally fitted inside `fit`×`fit` pixels. */
export async function decodeImage(bytes: Uint8Array, fit?: number): Promise<Rgba> {
  let img = sharp(Buffer.from(bytes), { failOn: 'none' }).ensureAlpha();
  if (fit) img = img.resize(fit, fit, { fit: 'inside', withoutEnlargement: false });
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Encodes RGBA as PNG. */
export async function encodeRgbaPng(img: Rgba): Promise<Uint8Array> {
  const out = await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Bilinear-free nearest sample at UV (v up, as glTF's images are top-down: v=0 is the top row). */
export function sampleUv(img: Rgba, u: number, v: number): [number, number, number, number] {
  const x = Math.min(img.width - 1, Math.max(0, Math.floor((u - Math.floor(u)) * img.width)));
  const y = Math.min(img.height - 1, Math.max(0, Math.floor((v - Math.floor(v)) * img.height)));
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
}

/**
 * Foreground of a picture: transparent pixels, and pixels close to the border's colour, are
 * background. Returns a mask (1 = subject) on a `grid`×`grid` raster of the picture's square fit.
 */
export function foregroundMask(img: Rgba, grid: number): { mask: Uint8Array; colors: Float32Array } {
  const border: number[][] = [];
  const px = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
  };
  for (let x = 0; x < img.width; x++) border.push(px(x, 0), px(x, img.height - 1));
  for (let y = 0; y < img.height; y++) border.push(px(0, y), px(img.width - 1, y));
  const opaqueBorder = border.filter((p) => p[3]! > 128);
  const bg = [0, 1, 2].map((k) => median(opaqueBorder.map((p) => p[k]!)));
  const transparentBorder = opaqueBorder.length < border.length * 0.5;
  const side = Math.max(img.width, img.height);
  const mask = new Uint8Array(grid * grid);
  const colors = new Float32Array(grid * grid * 3);
  for (let gy = 0; gy < grid; gy++)
    for (let gx = 0; gx < grid; gx++) {
      // sample the cell centre of the square fit (the picture centred in it)
      const sx = Math.floor(((gx + 0.5) / grid) * side - (side - img.width) / 2);
      const sy = Math.floor(((gy + 0.5) / grid) * side - (side - img.height) / 2);
      if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) continue;
      const [r, g, b, a] = px(sx, sy) as [number, number, number, number];
      const o = gy * grid + gx;
      colors.set([r / 255, g / 255, b / 255], o * 3);
      const far = Math.abs(r - bg[0]!) + Math.abs(g - bg[1]!) + Math.abs(b - bg[2]!) > 40;
      mask[o] = a > 128 && (transparentBorder || far) ? 1 : 0;
    }
  return { mask, colors };
}

function median(xs: number[]): number {
  if (xs.length === 0) return 255;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
