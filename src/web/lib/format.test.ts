// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDuration, formatInt } from './format';
import { formatBytes, formatRelative } from './format-extra';

describe('formatters', () => {
  it('writes whole numbers with separators', () => {
    expect(formatInt(1234567.4)).toBe('1,234,567');
    expect(formatInt(0)).toBe('0');
  });

  it('writes sizes in the largest unit that keeps a small number', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3072 GB');
  });

  it('writes durations as a clock', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(-4)).toBe('0:00');
  });

  it('writes times relative to now in the largest fitting unit', () => {
    const now = Date.UTC(2025, 5, 1, 12);
    expect(formatRelative(now - 10_000, now)).toBe('10 seconds ago');
    expect(formatRelative(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelative(now + 2 * 3_600_000, now)).toBe('in 2 hours');
    expect(formatRelative(now - 86_400_000, now)).toBe('yesterday');
  });
});
