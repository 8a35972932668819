import { formatInt } from './format';

const rules = new Intl.PluralRules('en-US');

/** The regular English plural of a noun's last word: "delivery" → "deliveries", "match" → "matches", "post" → "posts". */
export function pluralOf(one: string): string {
  if (/[^aeiou]y$/.test(one)) return `${one.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(one)) return `${one}es`;
  return `${one}s`;
}

/** The singular of a regular English plural: "deliveries" → "delivery", "matches" → "match", "posts" → "post". */
export function singularOf(plural: string): string {
  if (/ies$/.test(plural)) return `${plural.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(plural)) return plural.slice(0, -2);
  return plural.replace(/s$/, '');
}

/** The noun English takes for `n` of it (Intl.PluralRules): `one` for 1, the plural otherwise (0 included). */
export function nounFor(n: number, one: string, other = pluralOf(one)): string {
  return rules.select(n) === 'one' ? one : other;
}

/** "1 credit", "0 attempts", "1,204 deliveries". */
export function countOf(n: number, one: string, other?: string): string {
  return `${formatInt(n)} ${nounFor(n, one, other)}`;
}
