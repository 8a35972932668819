import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

const t = Date.UTC(2026, 10, 2, 10, 0, 0);

describe('a sliding-window rate limit', () => {
  it('refuses a key past its limit in any window, with the seconds until its oldest request leaves it, and counts keys apart', () => {
    const limiter = new RateLimiter(3, 60_000);
    expect([limiter.take('a', t), limiter.take('a', t + 20_000), limiter.take('a', t + 40_000)]).toEqual([true, true, true]);
    expect(limiter.take('a', t + 50_000)).toBe(false);
    expect(limiter.retryAfter('a', t + 50_000)).toBe(10);
    expect(limiter.take('b', t + 50_000)).toBe(true);
    expect(limiter.retryAfter('b', t + 50_000)).toBe(0);
    // The window slides: the first request has left it, the two later ones have not.
    expect(limiter.take('a', t + 60_000)).toBe(true);
    expect(limiter.take('a', t + 60_001)).toBe(false);
    expect(limiter.retryAfter('a', t + 79_999)).toBe(1);
  });

  it('shrinks its window with the sandbox speed', () => {
    const limiter = new RateLimiter(1, 1000, 100);
    expect(limiter.take('a', t)).toBe(true);
    expect(limiter.take('a', t + 9)).toBe(false);
    expect(limiter.take('a', t + 10)).toBe(true);
  });

  it('checks without counting', () => {
    const limiter = new RateLimiter(1, 1000);
    expect(limiter.allows('a', t)).toBe(true);
    expect(limiter.allows('a', t)).toBe(true);
    expect(limiter.take('a', t)).toBe(true);
    expect(limiter.allows('a', t)).toBe(false);
  });

  it('holds only the keys heard from within the window: one whose window emptied is dropped at the next request', () => {
    const limiter = new RateLimiter(5, 1000);
    for (let i = 0; i < 10_000; i++) limiter.take(`198.51.100.${i}`, t + (i % 500));
    expect(limiter.size).toBe(10_000);
    // A key still limited stays; every other one has left the window.
    for (let i = 0; i < 5; i++) limiter.take('203.0.113.1', t + 800);
    expect(limiter.take('203.0.113.2', t + 1600)).toBe(true);
    expect(limiter.size).toBe(2);
    expect(limiter.take('203.0.113.1', t + 1600)).toBe(false);
  });
});
