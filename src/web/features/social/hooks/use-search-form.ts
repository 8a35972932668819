import { useStore } from '@tanstack/react-form';
import { useEffect } from 'react';
import { SearchQuery } from '../../../../contracts/social/routes';
import { emptyFilters, formatQuery, toFilters, type SearchFilters } from '../../../../contracts/social/search-syntax';
import { useContractForm } from '../../../components/form/use-contract-form';
import { filterErrors, queryError } from '../search-checks';

export type SearchValues = {
  /** What the query box holds. */
  q: string;
  /** What the filter panel shows; kept as typed (a trailing space while typing stays). */
  filters: SearchFilters;
  /** False when the box holds syntax the panel has no field for (the panel then leaves it alone). */
  readable: boolean;
};

const read = (q: string, previous: SearchFilters): Pick<SearchValues, 'filters' | 'readable'> => {
  if (!q.trim()) return { filters: emptyFilters, readable: true };
  const f = toFilters(q);
  return f ? { filters: f, readable: true } : { filters: previous, readable: false };
};
export const startValues = (q: string): SearchValues => ({ q, ...read(q, emptyFilters) });

/**
 * The search form: the query box and the filter panel over one form. Typing in the box reads the
 * query back into the panel when it can (`toFilters`); editing the panel writes the box
 * (`formatQuery`). Checked with the contract's SearchQuery and the syntax parser; the panel's
 * fields each show their own problem. It starts over when the committed query (the URL's) changes.
 */
export function useSearchForm(committed: string, onSearch: (q: string) => void) {
  const { form, formProps } = useContractForm({
    schema: SearchQuery,
    defaultValues: startValues(committed),
    toBody: (v: SearchValues) => ({ q: v.q }),
    labels: { q: 'The query' },
    also: (v) => {
      const problem = queryError(v.q);
      return problem ? { q: problem } : undefined;
    },
    onValid: (body) => onSearch(body.q),
  });
  useEffect(() => {
    if (form.state.values.q !== committed) form.reset(startValues(committed));
    // Only a new committed query restarts the form (a search, a link, the back button).
  }, [committed]); // eslint-disable-line react-hooks/exhaustive-deps

  const values = useStore(form.store, (s) => s.values);
  const setText = (q: string) => {
    form.setFieldValue('q', q);
    const next = read(q, form.state.values.filters);
    form.setFieldValue('filters', next.filters);
    form.setFieldValue('readable', next.readable);
  };
  const setFilter = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) => {
    const filters = { ...form.state.values.filters, [key]: value };
    form.setFieldValue('filters', filters);
    form.setFieldValue('readable', true);
    form.setFieldValue('q', formatQuery(filters));
  };
  const clear = () => form.reset({ q: '', filters: emptyFilters, readable: true });
  return {
    form,
    formProps,
    values,
    /** The box's problem as typed (the syntax), null when it reads or is empty. */
    problem: queryError(values.q),
    /** Each panel field's own problem. */
    fieldProblems: filterErrors(values.filters),
    setText,
    setFilter,
    clear,
  };
}
export type SearchForm = ReturnType<typeof useSearchForm>;
