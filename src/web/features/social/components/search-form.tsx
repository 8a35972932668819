import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import type { Order } from '../api/queries';
import { useSearchDraft } from '../hooks/use-search-draft';
import { FilterPanel } from './filter-panel';

const SYNTAX_HINT = 'Words, "exact phrase", OR, -exclude, from:, to:, lang:, since:, until:, min_faves:, min_retweets:, filter:media, filter:verified';

/**
 * The search: a query box in the platform's syntax, checked as it is typed (a wrong query shows
 * why and sends nothing), Latest or Top, and a filter panel that writes the same syntax.
 */
export function SearchForm({ q, order, onSearch, onOrder }: { q: string; order: Order; onSearch: (q: string) => void; onOrder: (order: Order) => void }) {
  const draft = useSearchDraft(q);
  const [submitted, setSubmitted] = useState(false);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const showError = !draft.parsed.ok && (draft.text.trim() !== '' || submitted);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!draft.parsed.ok) {
      inputRef.current?.focus();
      return;
    }
    setSubmitted(false);
    onSearch(draft.text.trim());
  };

  return (
    <form role="search" aria-label="Search posts" onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex items-start gap-2">
        <Field label="Search query" error={showError && !draft.parsed.ok ? draft.parsed.message : null} className="min-w-0 flex-1">
          {({ id, describedBy, invalid }) => (
            <Input
              ref={inputRef}
              id={id}
              type="search"
              value={draft.text}
              onChange={(e) => {
                setSubmitted(false);
                draft.setText(e.target.value);
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
      <div className="flex items-start justify-between gap-4">
        <p id={hintId} className="text-xs text-muted">
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
            Filters
          </Button>
        </div>
      </div>
      <div id={panelId} hidden={!open}>
        {open ? <FilterPanel draft={draft} /> : null}
      </div>
    </form>
  );
}
