// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { liveText } from './live-indicator';

describe('the live status in words', () => {
  it('counts down to the next try, and says when it is trying or offline', () => {
    expect(liveText({ state: 'connected' }, 0)).toBe('Live updates');
    expect(liveText({ state: 'reconnecting', retryAt: 4_200, attempt: 2 }, 1_000)).toBe('Reconnecting in 4 s');
    expect(liveText({ state: 'reconnecting', retryAt: 1_000, attempt: 2 }, 1_500)).toBe('Reconnecting…');
    expect(liveText({ state: 'offline' }, 0)).toBe('Offline');
  });
});
