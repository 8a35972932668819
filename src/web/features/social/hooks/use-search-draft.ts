import { useMemo, useState } from 'react';
import { emptyFilters, formatQuery, parseQuery, toFilters, type SearchFilters } from '../../../../contracts/social/search-syntax';

type Draft = {
  /** What the query box holds. */
  text: string;
  /** What the filter panel shows; kept as typed (a trailing space while typing stays). */
  filters: SearchFilters;
  /** False when the box holds syntax the panel has no field for (the panel then leaves it alone). */
  readable: boolean;
  /** The committed query this draft started from (the URL's). */
  from: string;
};

const read = (text: string, previous: SearchFilters): Pick<Draft, 'filters' | 'readable'> => {
  if (!text.trim()) return { filters: emptyFilters, readable: true };
  const f = toFilters(text);
  return f ? { filters: f, readable: true } : { filters: previous, readable: false };
};

const start = (q: string): Draft => ({ text: q, from: q, ...read(q, emptyFilters) });

/**
 * The query box and the filter panel over one draft: typing in the box reads the query back
 * into the panel when it can (`toFilters`); editing the panel writes the box (`formatQuery`).
 * The draft starts over when the committed query changes (a search, a link, the back button).
 */
export function useSearchDraft(committed: string) {
  const [draft, setDraft] = useState(() => start(committed));
  const [prevCommitted, setPrevCommitted] = useState(committed);
  let current = draft;
  if (committed !== prevCommitted) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes").
    current = start(committed);
    setPrevCommitted(committed);
    setDraft(current);
  }
  const parsed = useMemo(() => parseQuery(current.text), [current.text]);
  return {
    text: current.text,
    filters: current.filters,
    readable: current.readable,
    parsed,
    setText: (text: string) => setDraft((d) => ({ ...d, text, ...read(text, d.filters) })),
    setFilter: <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) =>
      setDraft((d) => {
        const filters = { ...d.filters, [key]: value };
        return { ...d, filters, text: formatQuery(filters), readable: true };
      }),
    clear: () => setDraft((d) => ({ ...d, text: '', filters: emptyFilters, readable: true })),
  };
}
export type SearchDraft = ReturnType<typeof useSearchDraft>;
