// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { emptyFilters } from '../../../contracts/social/search-syntax';
import { filterErrors, queryError } from './search-checks';

describe('filter panel checks', () => {
  it('finds every wrong field at once, each with its own reason', () => {
    const errors = filterErrors({ ...emptyFilters, allWords: 'coffee', from: 'not a name!', minFaves: '-5', since: '2025-02-30' });
    expect(Object.keys(errors).sort()).toEqual(['from', 'minFaves', 'since']);
    expect(errors.from).toBe('From: needs a user name of 1 to 15 letters, digits or _ (got "name!").');
    expect(errors.minFaves).toBe('Min_faves: needs a whole number (got "-5").');
    expect(errors.since).toBe('Since: needs a date as YYYY-MM-DD (got "2025-02-30").');
  });

  it('passes fields that read, and an exclusion on its own', () => {
    expect(filterErrors({ ...emptyFilters, allWords: 'tea', from: 'alice bob', noneWords: 'decaf', minReplies: '3', lang: 'ja' })).toEqual({});
    expect(filterErrors(emptyFilters)).toEqual({});
  });

  it('puts an until not after since beside Until', () => {
    expect(filterErrors({ ...emptyFilters, allWords: 'tea', since: '2025-06-01', until: '2025-05-01' })).toEqual({
      until: 'Until (2025-05-01) must be a later day than since (2025-06-01): no post can match.',
    });
    expect(filterErrors({ ...emptyFilters, allWords: 'tea', since: '2025-05-01', until: '2025-06-01' })).toEqual({});
  });

  it('says what is wrong with the whole query as a sentence, nothing for an empty box', () => {
    expect(queryError('coffee "flat white')).toBe('A quoted phrase is not closed: add the closing ".');
    expect(queryError('-tea')).toMatch(/^The query only excludes/);
    expect(queryError('')).toBeNull();
    expect(queryError('tea lang:en')).toBeNull();
    // The syntax reads, but until is exclusive: no day after since leaves nothing to find.
    expect(queryError('tea since:2025-06-01 until:2025-05-01')).toBe('Until (2025-05-01) must be a later day than since (2025-06-01): no post can match.');
    expect(queryError('tea since:2025-06-01 until:2025-06-01')).toMatch(/^Until \(2025-06-01\) must be a later day/);
    expect(queryError('tea since:2025-06-01 until:2025-06-02')).toBeNull();
  });
});
