import { emptyFilters, formatQuery, parseQuery, type Node, type SearchFilters } from '../../../contracts/social/search-syntax';
import { toSentence } from '../../lib/form';

export type TextFilter = { [K in keyof SearchFilters]: SearchFilters[K] extends string ? K : never }[keyof SearchFilters];
const listFilters: readonly string[] = ['from', 'to', 'mentioning', 'anyWords', 'noneWords', 'hashtags'];
const textFilters = Object.keys(emptyFilters).filter((k) => typeof emptyFilters[k as keyof SearchFilters] === 'string') as TextFilter[];

/**
 * Every filter field's own problem, found the way the service would: the field alone is written
 * as syntax (`formatQuery`) and read back (`parseQuery`). A panel then shows each wrong field's
 * reason beside it, all at once, not only the first one the query meets.
 */
export function filterErrors(filters: SearchFilters): Partial<Record<TextFilter, string>> {
  const out: Partial<Record<TextFilter, string>> = {};
  for (const key of textFilters) {
    // Lists (accounts, words) are checked a word at a time, so the reason names the wrong one.
    for (const part of listFilters.includes(key) ? filters[key].split(/\s+/).filter(Boolean) : [filters[key].trim()].filter(Boolean)) {
      const alone = formatQuery({ ...emptyFilters, [key]: part });
      // A field that only excludes (None of these words) is fine on its own: check it beside a word.
      const parsed = parseQuery(key === 'noneWords' ? `x ${alone}` : alone);
      if (!parsed.ok) {
        out[key] = toSentence(parsed.message);
        break;
      }
    }
  }
  const order = dateOrder(filters.since.trim(), filters.until.trim());
  if (order && !out.since && !out.until) out.until = order;
  return out;
}

/** Until is exclusive: a day not after since leaves no post to find, which the service answers with an empty list. */
function dateOrder(since: string | undefined, until: string | undefined): string | null {
  if (!since || !until || until > since) return null;
  return `Until (${until}) must be a later day than since (${since}): no post can match.`;
}

const lastOf = (terms: Node[], kind: 'since' | 'until') => {
  const term = terms.findLast((t) => t.kind === kind);
  return term?.kind === kind ? term.value : undefined;
};

/** The query box's problem as a sentence (null when it reads), for showing as it is typed. */
export function queryError(q: string): string | null {
  if (!q.trim()) return null;
  const parsed = parseQuery(q);
  if (!parsed.ok) return toSentence(parsed.message);
  return dateOrder(lastOf(parsed.query.terms, 'since'), lastOf(parsed.query.terms, 'until'));
}
