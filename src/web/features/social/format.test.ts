// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatAgo, formatCompact, splitText } from './format';
import { UserRef } from './components/go-to-user';

describe('post text', () => {
  it('finds hashtags, mentions and links, and leaves e-mail addresses alone', () => {
    expect(splitText('Hi @alice_1, see https://example.com/x #café! mail me@host.io #東京')).toEqual([
      { kind: 'text', value: 'Hi ' },
      { kind: 'mention', value: '@alice_1' },
      { kind: 'text', value: ', see ' },
      { kind: 'url', value: 'https://example.com/x' },
      { kind: 'text', value: ' ' },
      { kind: 'tag', value: '#café' },
      { kind: 'text', value: '! mail me@host.io ' },
      { kind: 'tag', value: '#東京' },
    ]);
    expect(splitText('')).toEqual([]);
  });
});

describe('numbers and times', () => {
  it('shortens counts the way the platform does', () => {
    expect([0, 999, 12_345, 1_500_000].map(formatCompact)).toEqual(['0', '999', '12.3K', '1.5M']);
  });

  it('says how long ago, then the date', () => {
    const now = Date.UTC(2025, 5, 1, 12);
    expect(formatAgo(now - 20_000, now)).toBe('now');
    expect(formatAgo(now - 5 * 60_000, now)).toBe('5m');
    expect(formatAgo(now - 3 * 3_600_000, now)).toBe('3h');
    expect(formatAgo(now - 6 * 86_400_000, now)).toBe('6d');
    expect(formatAgo(Date.UTC(2025, 2, 4), now)).toBe('Mar 4');
    expect(formatAgo(Date.UTC(2024, 2, 4), now)).toBe('Mar 4, 2024');
  });
});

describe('go to user', () => {
  it('takes @name, name or a numeric id and explains anything else', () => {
    const read = (user: string) => {
      const r = UserRef.safeParse({ user });
      return r.success ? { ref: r.data.user } : { error: r.error.issues.map((i) => i.message).join(' ') };
    };
    expect(read(' @Alice_1 ')).toEqual({ ref: 'Alice_1' });
    expect(read('1234567')).toEqual({ ref: '1234567' });
    expect(read('')).toEqual({ error: 'Type a user name or a numeric user id.' });
    expect(read('not a name!')).toMatchObject({ error: expect.stringMatching(/^A user name has 1 to 15/) });
    expect(read('this_name_is_too_long')).toHaveProperty('error');
  });
});
