import { describe, expect, it } from 'vitest';
import { countOf, nounFor, pluralOf, singularOf } from './plural';

describe('counted nouns', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'credit')).toBe('1 credit');
    expect(countOf(0, 'attempt')).toBe('0 attempts');
    expect(countOf(1, 'delivery')).toBe('1 delivery');
    expect(countOf(1204, 'delivery')).toBe('1,204 deliveries');
    expect(countOf(1, 'failure in a row', 'failures in a row')).toBe('1 failure in a row');
    expect(nounFor(2, 'person', 'people')).toBe('people');
  });

  it('forms regular plurals and singulars both ways', () => {
    for (const [one, many] of [
      ['delivery', 'deliveries'],
      ['day', 'days'],
      ['match', 'matches'],
      ['post', 'posts'],
      ['child subnet', 'child subnets'],
      ['address', 'addresses'],
    ] as const) {
      expect(pluralOf(one)).toBe(many);
      expect(singularOf(many)).toBe(one);
    }
  });
});
