import { PNG } from 'pngjs';
import type { RawImage } from './textures';

/** Encode an 8-bit grey or RGB image as PNG (fast settings: Sub filter, zlib level 4). */
export function encodePng(img: RawImage): Uint8Array {
  const png = new PNG({ width: 1, height: 1 });
  png.width = img.width;
  png.height = img.height;
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  const colorType = img.channels === 1 ? 0 : 2;
  const out = PNG.sync.write(png, {
    colorType,
    inputColorType: colorType,
    inputHasAlpha: false,
    filterType: 1,
    deflateLevel: 4,
    deflateStrategy: 0,
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
