// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatClipTime, snapToFrame } from './animation';

describe('the clip timeline', () => {
  it('snaps a dragged time to the 30 fps frame grid, inside the clip', () => {
    expect(snapToFrame(0.51, 2)).toBeCloseTo(15 / 30);
    expect(snapToFrame(-1, 2)).toBe(0);
    expect(snapToFrame(5, 2)).toBe(2);
    expect(snapToFrame(1, 0)).toBe(0);
  });

  it('reads as minutes, seconds and frames', () => {
    expect(formatClipTime(0)).toBe('0:00.00');
    expect(formatClipTime(1.5)).toBe('0:01.15');
    expect(formatClipTime(61 + 29 / 30)).toBe('1:01.29');
  });
});
