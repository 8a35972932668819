import { useNavigate } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useDeferredValue, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { ExtractionRow } from '../../../../../contracts/social';
import { Checkbox, Field, Input } from '../../../../components/ui/field';
import { formatInt } from '../../../../lib/format';
import { columnLabels, filterRows, rowColumns, sortRows, type RowColumn, type RowFilter, type Sort } from '../../workflows';

const ROW_PX = 40;
const widths: Record<RowColumn, string> = {
  username: '11rem',
  displayName: '12rem',
  followers: '7rem',
  verified: '5.5rem',
  userId: '12rem',
  tweetId: '12rem',
  tweetText: 'minmax(18rem,1fr)',
  tweetCreatedAt: '11rem',
};
const numeric = new Set<RowColumn>(['followers']);

// One formatter for every cell (a `toLocaleString` per cell would build one per call).
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function cellText(r: ExtractionRow, c: RowColumn): string {
  const v = r[c];
  if (v === null || v === undefined) return '';
  if (c === 'verified') return v ? 'yes' : 'no';
  if (c === 'followers') return formatInt(v as number);
  if (c === 'tweetCreatedAt') return dateTime.format(v as number);
  return String(v);
}

/**
 * Cells link with plain anchors (a router Link per cell is too heavy for rows that come and go
 * every frame); the table sends their clicks to the router (`onTableClick`).
 */
function Cell({ row, column }: { row: ExtractionRow; column: RowColumn }) {
  const text = cellText(row, column);
  const cls = 'block truncate';
  if (column === 'username' && row.username)
    return (
      <a href={`/social/users/${encodeURIComponent(row.username)}`} data-route className={`${cls} text-accent hover:underline`} title={`Open @${row.username}`}>
        @{row.username}
      </a>
    );
  if ((column === 'tweetId' || column === 'tweetText') && row.tweetId)
    return (
      <a href={`/social/posts/${encodeURIComponent(row.tweetId)}`} data-route className={`${cls} hover:underline ${column === 'tweetId' ? 'font-mono text-accent' : ''}`} title={text}>
        {text || 'Open the post'}
      </a>
    );
  return (
    <span className={`${cls} ${numeric.has(column) ? 'text-right font-mono tabular-nums' : ''}`} title={text}>
      {text}
    </span>
  );
}

/** A row drawn once per (row, columns): scrolling renders only the rows that come into view. */
const Row = memo(function Row({ row, index, start, columns, template }: { row: ExtractionRow; index: number; start: number; columns: readonly RowColumn[]; template: string }) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute left-0 grid w-full items-center border-b border-border/60 hover:bg-surface-2"
      style={{ gridTemplateColumns: template, height: ROW_PX, transform: `translateY(${start}px)`, contain: 'layout paint style' }}
    >
      {columns.map((c) => (
        <div key={c} role="cell" className="min-w-0 px-2">
          <Cell row={row} column={c} />
        </div>
      ))}
    </div>
  );
});

/**
 * A job's rows: only the rows in view are in the page (TanStack Virtual, fixed row height), so it
 * scrolls smoothly through 100,000 of them; choose the columns, sort by a column (click its
 * header), filter the loaded rows by words, verified authors and followers; open a row's user or post.
 */
export function ResultsTable({ rows, initialColumns, label, emptyText = 'This job returned no rows.' }: { rows: readonly ExtractionRow[]; initialColumns: RowColumn[]; label: string; emptyText?: string }) {
  const [columns, setColumns] = useState<RowColumn[]>(initialColumns);
  const [sort, setSort] = useState<Sort>(null);
  const [text, setText] = useState('');
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const [minFollowers, setMinFollowers] = useState('');
  const min = minFollowers.trim() === '' ? null : Number(minFollowers);
  const minError = min !== null && !(Number.isInteger(min) && min >= 0) ? 'Minimum followers must be a whole number, 0 or more.' : null;
  const deferredText = useDeferredValue(text);
  const minValue = minError ? null : min;
  const filter: RowFilter = useMemo(() => ({ text: deferredText, verifiedOnly, minFollowers: minValue }), [deferredText, verifiedOnly, minValue]);
  const filtered = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const shown = useMemo(() => sortRows(filtered, sort), [filtered, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // A plain click on a cell's link is the router's (no page load); other clicks (new tab) are the browser's.
  const onTableClick = (e: MouseEvent) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-route]');
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ to: a.getAttribute('href') ?? '/' });
  };
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is made for this.
  const virtual = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_PX, overscan: 12, useFlushSync: false });
  const template = columns.map((c) => widths[c]).join(' ');
  const toggleSort = (c: RowColumn) => setSort((s) => (s?.column !== c ? { column: c, dir: numeric.has(c) ? 'desc' : 'asc' } : s.dir === 'asc' ? { column: c, dir: 'desc' } : s.dir === 'desc' && !numeric.has(c) ? null : { column: c, dir: 'asc' }));

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-col gap-3 border-b border-border p-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <Field label="Filter the loaded rows" hint="Every word must be in the user, name or text.">
            {({ id, describedBy }) => <Input id={id} aria-describedby={describedBy} type="search" maxLength={200} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
          <Field label="Minimum followers" errors={minError}>
            {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} inputMode="numeric" maxLength={10} value={minFollowers} onChange={(e) => setMinFollowers(e.target.value)} />}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Checkbox label="Verified only" checked={verifiedOnly} onChange={(e) => setVerifiedOnly(e.target.checked)} />
          <details className="relative">
            <summary className="cursor-pointer text-sm text-accent">Columns ({columns.length})</summary>
            <fieldset className="mt-2 grid grid-cols-2 gap-1 rounded border border-border bg-surface p-2">
              <legend className="sr-only">Columns shown</legend>
              {rowColumns.map((c) => (
                <Checkbox
                  key={c}
                  label={columnLabels[c]}
                  checked={columns.includes(c)}
                  disabled={columns.length === 1 && columns.includes(c)}
                  onChange={(e) => setColumns((cs) => (e.target.checked ? rowColumns.filter((x) => cs.includes(x) || x === c) : cs.filter((x) => x !== c)))}
                />
              ))}
            </fieldset>
          </details>
          <p className="text-sm text-muted" role="status" aria-live="polite">
            {shown.length === rows.length ? `${formatInt(rows.length)} rows` : `${formatInt(shown.length)} of ${formatInt(rows.length)} rows`}
          </p>
        </div>
      </div>
      <div ref={scrollRef} className="min-h-80 flex-1 overflow-auto" data-testid="results-scroll" tabIndex={0} aria-label={`${label}: scroll the rows`}>
        <div role="table" onClick={onTableClick} aria-label={label} aria-rowcount={shown.length + 1} className="min-w-max text-sm" style={{ width: '100%' }}>
          <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-surface-2">
            <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
              {columns.map((c) => (
                <div key={c} role="columnheader" aria-sort={sort?.column === c ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1.5">
                  <button type="button" onClick={() => toggleSort(c)} className={`w-full font-medium hover:text-accent ${numeric.has(c) ? 'text-right' : 'text-left'}`}>
                    {columnLabels[c]}
                    <span aria-hidden="true">{sort?.column === c ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                  </button>
                </div>
              ))}
            </div>
          </div>
          <div role="rowgroup" className="relative" style={{ height: virtual.getTotalSize() }}>
            {virtual.getVirtualItems().map((v) => (
              <Row key={v.key} row={shown[v.index] as ExtractionRow} index={v.index} start={v.start} columns={columns} template={template} />
            ))}
          </div>
        </div>
        {shown.length === 0 ? <p className="p-6 text-center text-muted">{rows.length ? 'No loaded row passes these filters.' : emptyText}</p> : null}
      </div>
    </div>
  );
}
