import { describe, expect, it } from 'vitest';
import { generateModel } from './index';
import type { ModelSpec } from './index';
import { dominantHue, hueDistance, pixelStats } from './test-helpers';
import { THUMB_BACKGROUND } from './thumbnail';

const SLOW = 60_000;

describe('thumbnail', () => {
  const cases: Array<[string, ModelSpec['stage'], number]> = [
    ['a red chair', 'preview', 0],
    ['a red chair', 'refine', 0],
    ['a blue rocket', 'preview', 225],
    ['an oak tree', 'refine', 100],
    ['a purple vase', 'preview', 280],
  ];
  it.each(cases)('"%s" (%s) is a 512x512 PNG showing the model in its colour', async (prompt, stage, hue) => {
    const m = await generateModel({ prompt, stage });
    const s = pixelStats(m.thumbnailPng, THUMB_BACKGROUND);
    expect([s.width, s.height]).toEqual([512, 512]);
    expect(s.coverage).toBeGreaterThan(0.1);
    expect(s.distinct).toBeGreaterThan(30); // shaded, not a flat silhouette
    expect(hueDistance(dominantHue(m.thumbnailPng, THUMB_BACKGROUND), hue)).toBeLessThanOrEqual(40);
  }, SLOW);

  it('red chair is reddish on average', async () => {
    const { mean } = pixelStats((await generateModel({ prompt: 'a red chair', stage: 'preview' })).thumbnailPng, THUMB_BACKGROUND);
    expect(mean[0]).toBeGreaterThan(mean[1] * 1.5);
    expect(mean[0]).toBeGreaterThan(mean[2] * 1.5);
  }, SLOW);

  it('refine thumbnails show the texture (differ from the preview)', async () => {
    const p = await generateModel({ prompt: 'a wooden table', stage: 'preview' });
    const r = await generateModel({ prompt: 'a wooden table', stage: 'refine' });
    expect(Buffer.compare(Buffer.from(p.thumbnailPng), Buffer.from(r.thumbnailPng))).not.toBe(0);
    expect(pixelStats(r.thumbnailPng, THUMB_BACKGROUND).distinct).toBeGreaterThan(pixelStats(p.thumbnailPng, THUMB_BACKGROUND).distinct);
  }, SLOW);
});
