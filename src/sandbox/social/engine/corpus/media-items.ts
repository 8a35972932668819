import type { Rng } from './random';
import { altText } from './text';
import type { Lang, MediaItem } from './types';

/** Sizes of the pictures the sandbox serves (the records state the served size). */
const PHOTO_SIZES: Array<[number, number]> = [
  [480, 270],
  [400, 400],
  [360, 450],
  [480, 360],
  [300, 480],
];

/** The media of a post: mostly photos (1 to 4), some videos and GIFs (shown by a poster frame). */
export function media(rng: Rng, lang: Lang, topic: number): MediaItem[] {
  const r = rng.next();
  if (r < 0.2) return [{ type: 'video', width: 480, height: 270, alt: rng.chance(0.2) ? altText(rng, lang, topic) : '' }];
  if (r < 0.3) return [{ type: 'animated_gif', width: 400, height: 225, alt: rng.chance(0.3) ? altText(rng, lang, topic) : '' }];
  const c = rng.next();
  const n = c < 0.75 ? 1 : c < 0.87 ? 2 : c < 0.92 ? 3 : 4;
  return Array.from({ length: n }, () => {
    const [width, height] = rng.pick(PHOTO_SIZES);
    return { type: 'photo' as const, width, height, alt: rng.chance(0.55) ? altText(rng, lang, topic) : '' };
  });
}
