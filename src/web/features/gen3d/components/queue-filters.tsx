import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { gen3dTaskTypes } from '../../../../contracts/gen3d/task-types';
import { Field, Input, Select } from '../../../components/ui/field';
import { gen3dQueries } from '../api/queries';
import { statusFilters, type QueueFilters } from '../ledger-patch';
import { typeLabel } from '../task-view';

/** The ledger's text search takes at most 200 characters (LedgerQuery.q). */
export const QUEUE_SEARCH_MAX = 200;

/** Status, type and text filters of the queue; the page keeps them in its address. Counts come from the ledger's summary. */
export function QueueFilterBar({ filters, onChange }: { filters: QueueFilters; onChange: (next: QueueFilters) => void }) {
  const summary = useQuery(gen3dQueries.summary());
  const [text, setText] = useState(filters.q ?? '');
  // The address is the truth: going back or forward puts its text in the box.
  const [shownFor, setShownFor] = useState(filters.q);
  if (shownFor !== filters.q) {
    setShownFor(filters.q);
    setText(filters.q ?? '');
  }
  // Typing settles for 300 ms before the list is asked again.
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === filters.q) return;
    const t = setTimeout(() => onChange({ ...filters, q }), 300);
    return () => clearTimeout(t);
  }, [text, filters, onChange]);
  const count = (n: number | undefined) => (summary.data && n !== undefined ? ` (${n.toLocaleString('en-US')})` : '');
  const statusCount = (value: string) => value.split(',').reduce<number | undefined>((sum, s) => (sum ?? 0) + (summary.data?.byStatus[s] ?? 0), undefined);
  return (
    <div className="grid grid-cols-1 gap-3 border-b border-border px-4 py-3 sm:grid-cols-[10rem_12rem_minmax(0,1fr)]" role="search" aria-label="Filter tasks">
      <Field label="Status">
        {({ id }) => (
          <Select id={id} value={filters.status ?? ''} onChange={(e) => onChange({ ...filters, status: e.target.value || undefined })}>
            <option value="">Any status{count(summary.data?.total)}</option>
            {statusFilters.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
                {count(statusCount(s.value))}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Type">
        {({ id }) => (
          <Select id={id} value={filters.type ?? ''} onChange={(e) => onChange({ ...filters, type: e.target.value || undefined })}>
            <option value="">Any type</option>
            {gen3dTaskTypes.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
                {count(summary.data?.byType[t] ?? 0)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Search" hint="Any part of the task id, prompt or name." count={{ length: text.length, max: QUEUE_SEARCH_MAX }}>
        {({ id, describedBy }) => (
          <Input id={id} type="search" value={text} maxLength={QUEUE_SEARCH_MAX} aria-describedby={describedBy} placeholder="e.g. lamp" onChange={(e) => setText(e.target.value)} />
        )}
      </Field>
    </div>
  );
}
