import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressGate } from './download';

describe('how often download progress is told', () => {
  afterEach(() => vi.useRealTimers());

  it('once per whole percent when the size is known', () => {
    const gate = progressGate(100);
    const told = [0, 10, 20, 990, 1000, 1010, 5000, 10_000].filter((loaded) => gate({ loaded, total: 10_000 }));
    expect(told).toEqual([0, 990, 1000, 5000, 10_000]);
  });

  it('the start, then one report per interval when the size is unknown', () => {
    vi.useFakeTimers();
    const gate = progressGate(100);
    expect(gate({ loaded: 0, total: null })).toBe(true);
    expect(gate({ loaded: 10, total: null })).toBe(false);
    expect(gate({ loaded: 20, total: null })).toBe(false);
    vi.advanceTimersByTime(100);
    expect(gate({ loaded: 30, total: null })).toBe(true);
    expect(gate({ loaded: 40, total: null })).toBe(false);
  });
});
