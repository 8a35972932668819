import sharp from 'sharp';
import { composeModel } from '../model/compose';
import { renderThumbnail, THUMB_BACKGROUND } from '../model/thumbnail';
import { encodePng } from '../model/png';
import type { RawImage } from '../model/textures';
import { decodeImage, foregroundMask } from './image';

/**
 * Text-to-image and image-to-image: PNGs made for the prompt. The prompt's subject is modelled by
 * the sandbox's generator (the one behind text-to-3D) and drawn; multi-view draws it from the front,
 * the side and the back; image-to-image paints it in the colours of the reference pictures.
 */
export const VIEWS = { single: [{ yaw: Math.PI / 5, pitch: 0.42 }], multi: [{ yaw: 0, pitch: 0.08 }, { yaw: Math.PI / 2, pitch: 0.08 }, { yaw: Math.PI, pitch: 0.08 }] };

const ratio = (aspect: string | undefined) => {
  const [w, h] = (aspect ?? '1:1').split(':').map(Number) as [number, number];
  return w / h;
};

/** Pads a square render to the aspect ratio with its background colour. */
async function toAspect(png: Uint8Array, aspect: string | undefined): Promise<Uint8Array> {
  const r = ratio(aspect);
  if (Math.abs(r - 1) < 1e-6) return png;
  const size = 512;
  const [w, h] = r > 1 ? [Math.round(size * r), size] : [size, Math.round(size / r)];
  const [bx, by] = [Math.floor((w - size) / 2), Math.floor((h - size) / 2)];
  const bg = { r: THUMB_BACKGROUND[0], g: THUMB_BACKGROUND[1], b: THUMB_BACKGROUND[2] };
  const out = await sharp(Buffer.from(png)).extend({ left: bx, right: w - size - bx, top: by, bottom: h - size - by, background: bg }).png().toBuffer();
  return new Uint8Array(out);
}

/** Mean colour of each reference picture's subject (sRGB 0..1). */
async function paletteOf(refs: readonly Uint8Array[]): Promise<Array<[number, number, number]>> {
  const out: Array<[number, number, number]> = [];
  for (const bytes of refs) {
    const img = await decodeImage(bytes, 128);
    const { mask, colors } = foregroundMask(img, 32);
    const sum = [0, 0, 0];
    let n = 0;
    mask.forEach((m, i) => {
      if (!m) return;
      n++;
      for (let k = 0; k < 3; k++) sum[k]! += colors[i * 3 + k]!;
    });
    if (n) out.push([sum[0]! / n, sum[1]! / n, sum[2]! / n]);
  }
  return out;
}

export type PictureAsk = { prompt: string; multiView: boolean; pose?: 'a-pose' | 't-pose' | undefined; aspect?: string | undefined; references?: readonly Uint8Array[] };

export async function makePictures(ask: PictureAsk): Promise<Uint8Array[]> {
  const model = composeModel({ prompt: ask.prompt, poseMode: ask.pose ?? '' });
  const palette = ask.references?.length ? await paletteOf(ask.references) : [];
  if (palette.length) {
    model.groups.forEach((g, i) => {
      const c = palette[i % palette.length]!;
      g.material = { ...g.material, color: [(g.material.color[0] + 2 * c[0]) / 3, (g.material.color[1] + 2 * c[1]) / 3, (g.material.color[2] + 2 * c[2]) / 3] };
    });
  }
  const views = ask.multiView ? VIEWS.multi : VIEWS.single;
  const out: Uint8Array[] = [];
  for (const view of views) {
    const img: RawImage = renderThumbnail(model.groups, null, view);
    out.push(await toAspect(encodePng(img), ask.aspect));
  }
  return out;
}
