import { describe, expect, it } from 'vitest';
import { emptyFilters, formatQuery, parseQuery, toFilters } from './search-syntax';

const ok = (q: string) => {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(r.message);
  return r.query.terms;
};
const err = (q: string) => {
  const r = parseQuery(q);
  return r.ok ? null : r.message;
};

describe('search syntax', () => {
  it('reads words, phrases, OR, exclusions and groups', () => {
    expect(ok('cats "black dog" -fish')).toEqual([
      { kind: 'word', value: 'cats', negated: false },
      { kind: 'phrase', value: 'black dog', negated: false },
      { kind: 'word', value: 'fish', negated: true },
    ]);
    expect(ok('rain OR snow OR hail')).toEqual([
      { kind: 'or', terms: ['rain', 'snow', 'hail'].map((value) => ({ kind: 'word', value, negated: false })) },
    ]);
    expect(ok('(a OR b) c')[0]).toMatchObject({ kind: 'group', terms: [{ kind: 'or' }] });
  });

  it('reads every operator', () => {
    expect(ok('from:@Alice to:bob lang:ES since:2025-01-31 until:2025-02-01 min_faves:10 min_retweets:2 min_replies:1 filter:media -filter:verified x')).toEqual([
      { kind: 'from', value: 'Alice', negated: false },
      { kind: 'to', value: 'bob', negated: false },
      { kind: 'lang', value: 'es', negated: false },
      { kind: 'since', value: '2025-01-31' },
      { kind: 'until', value: '2025-02-01' },
      { kind: 'min_faves', value: 10 },
      { kind: 'min_retweets', value: 2 },
      { kind: 'min_replies', value: 1 },
      { kind: 'filter', value: 'media', negated: false },
      { kind: 'filter', value: 'verified', negated: true },
      { kind: 'word', value: 'x', negated: false },
    ]);
    expect(ok('https://example.com 10:30')).toEqual([
      { kind: 'word', value: 'https://example.com', negated: false },
      { kind: 'word', value: '10:30', negated: false },
    ]);
  });

  it('explains what to fix', () => {
    expect(err('')).toBe('the query is empty: type words to search for');
    expect(err('"open')).toBe('a quoted phrase is not closed: add the closing "');
    expect(err('(a OR b')).toBe('a "(" is not closed: add the closing ")"');
    expect(err('a)')).toBe('a ")" has no matching "("');
    expect(err('OR cats')).toBe('OR needs a term on each side');
    expect(err('cats OR')).toBe('OR needs a term on each side');
    expect(err('cats OR OR dogs')).toBe('OR needs a term on each side');
    // The term after OR that does not read is named, not taken for a missing one.
    expect(err('(from:alice OR from:not-a-name!)')).toBe('from: needs a user name of 1 to 15 letters, digits or _ (got "not-a-name!")');
    expect(err('tea OR min_faves:lots')).toBe('min_faves: needs a whole number (got "lots")');
    expect(err('since:2025-02-30')).toBe('since: needs a date as YYYY-MM-DD (got "2025-02-30")');
    expect(err('from:this_name_is_too_long')).toMatch(/^from: needs a user name/);
    expect(err('min_faves:lots')).toBe('min_faves: needs a whole number (got "lots")');
    expect(err('filter:gifs')).toMatch(/^filter: can be media, images/);
    expect(err('-spam')).toBe('the query only excludes: add at least one word or operator to search for');
  });

  it('writes the filter panel as syntax and reads it back', () => {
    const filters = {
      ...emptyFilters,
      allWords: 'coffee morning',
      exactPhrase: 'flat white',
      anyWords: 'paris london',
      noneWords: 'decaf',
      hashtags: 'barista',
      from: 'alice bob',
      lang: 'en',
      since: '2025-01-01',
      minFaves: '5',
      media: true,
      verified: true,
      excludeReplies: true,
    };
    const q = formatQuery(filters);
    expect(q).toBe('coffee morning "flat white" (paris OR london) -decaf #barista (from:alice OR from:bob) lang:en since:2025-01-01 min_faves:5 filter:media filter:verified -filter:replies');
    expect(parseQuery(q).ok).toBe(true);
    expect(toFilters(q)).toEqual(filters);
  });

  it('leaves the panel alone for queries it cannot show', () => {
    expect(toFilters('(a b) OR c')).toBeNull();
    expect(toFilters('-"two words"')).toBeNull();
  });
});
