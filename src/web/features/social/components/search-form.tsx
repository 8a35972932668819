import { useStore } from '@tanstack/react-form';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { errorTexts } from '../../../lib/form';
import type { Order } from '../api/queries';
import { useSearchForm } from '../hooks/use-search-form';
import { FilterPanel } from './filter-panel';

const SYNTAX_HINT = 'Words, "exact phrase", OR, -exclude, from:, to:, lang:, since:, until:, min_faves:, min_retweets:, filter:media, filter:verified';

/**
 * The search: a query box in the platform's syntax, checked as it is typed (a wrong query shows
 * why and sends nothing), Latest or Top, and a filter panel that writes the same syntax.
 * `onProblem` tells the page while the form shows a problem (it then hides the last results).
 */
export function SearchForm({
  q,
  order,
  onSearch,
  onOrder,
  onProblem,
}: {
  q: string;
  order: Order;
  onSearch: (q: string) => void;
  onOrder: (order: Order) => void;
  onProblem?: (problem: boolean) => void;
}) {
  const search = useSearchForm(q, onSearch);
  const { form, formProps, values, problem, fieldProblems } = search;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const hintId = useId();
  const submitted = useStore(form.store, (s) => s.fieldMeta.q?.errors ?? []);
  const errors = errorTexts([problem, ...submitted]);
  const showing = errors.length > 0 || Object.keys(fieldProblems).length > 0;
  useEffect(() => onProblem?.(showing && values.q.trim() !== q.trim()), [showing, values.q, q, onProblem]);

  return (
    <form {...formProps} role="search" aria-label="Search posts" className="flex flex-col gap-3">
      <form.Field name="q">
        {(field) => (
          <div className="flex items-start gap-2">
            <Field label="Search query" errors={errors} className="min-w-0 flex-1">
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  type="search"
                  name={field.name}
                  value={values.q}
                  onChange={(e) => {
                    search.setText(e.target.value);
                    field.handleChange(e.target.value);
                  }}
                  aria-describedby={[describedBy, hintId].filter(Boolean).join(' ')}
                  aria-invalid={invalid || undefined}
                  placeholder='e.g. coffee lang:en -decaf "flat white" min_faves:10'
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
            <Button type="submit" variant="primary" className="mt-6">
              Search
            </Button>
          </div>
        )}
      </form.Field>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <p id={hintId} className="min-w-0 flex-1 basis-64 text-xs text-muted">
          {SYNTAX_HINT}
        </p>
        <div className="flex shrink-0 items-center gap-2">
          <div role="group" aria-label="Order" className="flex">
            {(['Latest', 'Top'] as const).map((o, i) => (
              <Button key={o} size="sm" aria-pressed={order === o} onClick={() => onOrder(o)} className={i === 0 ? 'rounded-r-none' : '-ml-px rounded-l-none'}>
                {o}
              </Button>
            ))}
          </div>
          <Button size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
            Filters{Object.keys(fieldProblems).length ? ` (${Object.keys(fieldProblems).length} to fix)` : ''}
          </Button>
        </div>
      </div>
      <div id={panelId} hidden={!open}>
        {open ? <FilterPanel search={search} /> : null}
      </div>
    </form>
  );
}
