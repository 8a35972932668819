import { useNavigate } from '@tanstack/react-router';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import type { ExtractionRow } from '../../../../../contracts/social';
import { Field, Input } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/choices';
import { formatInt } from '../../../../lib/format';
import { columnLabels, filterRows, rowColumns, sortRows, type RowColumn, type RowFilter, type Sort } from '../../workflows';

const ROW_PX = 40;
/** Rows drawn beyond each edge of the view: enough for a wheel step, few enough to draw quickly. */
const OVERSCAN = 6;
/** Each column's track in the row grid, and its least width (rem): the table is never narrower than their sum. */
const tracks: Record<RowColumn, { track: string; rem: number }> = {
  username: { track: '11rem', rem: 11 },
  displayName: { track: '12rem', rem: 12 },
  followers: { track: '7rem', rem: 7 },
  verified: { track: '5.5rem', rem: 5.5 },
  userId: { track: '12rem', rem: 12 },
  tweetId: { track: '12rem', rem: 12 },
  tweetText: { track: 'minmax(18rem,1fr)', rem: 18 },
  tweetCreatedAt: { track: '11rem', rem: 11 },
};
const numeric = new Set<RowColumn>(['followers']);

// One formatter for every cell (a `toLocaleString` per cell would build one per call).
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function formatCell(r: ExtractionRow, c: RowColumn): string {
  const v = r[c];
  if (v === null || v === undefined) return '';
  if (c === 'verified') return v ? 'yes' : 'no';
  if (c === 'followers') return formatInt(v as number);
  if (c === 'tweetCreatedAt') return dateTime.format(v as number);
  return String(v);
}

/**
 * One cell. Links are plain anchors (a router Link per cell is too heavy for rows that come and go
 * every frame); the table sends their clicks to the router (`onTableClick`). A plain value is the
 * cell's own text, with its whole text as a tooltip where it may be cut.
 */
function Cell({ row, column, text }: { row: ExtractionRow; column: RowColumn; text: string }) {
  if (column === 'username' && row.username)
    return (
      <div role="cell" className="min-w-0 px-2">
        <a href={`/social/users/${encodeURIComponent(row.username)}`} data-route className="block truncate text-accent hover:underline" title={`Open @${row.username}`}>
          {`@${row.username}`}
        </a>
      </div>
    );
  if ((column === 'tweetId' || column === 'tweetText') && row.tweetId)
    return (
      <div role="cell" className="min-w-0 px-2">
        <a href={`/social/posts/${encodeURIComponent(row.tweetId)}`} data-route className={`block truncate hover:underline ${column === 'tweetId' ? 'font-mono text-accent' : ''}`} title={text}>
          {text || 'Open the post'}
        </a>
      </div>
    );
  if (numeric.has(column)) return <div role="cell" className="min-w-0 truncate px-2 text-right font-mono tabular-nums">{text}</div>;
  return (
    <div role="cell" className="min-w-0 truncate px-2" title={column === 'verified' ? undefined : text}>
      {text}
    </div>
  );
}

/**
 * A row, drawn again only when it shows another row of the list or moves. Its size is fixed and
 * contained (`contain: strict`), so drawing it never lays out anything around it. Its cell texts are
 * formatted when it is drawn and kept by nothing else: a cache of every row ever shown grew by
 * 100,000 entries over a scroll end to end, and collecting it stopped the scroll (major GC pauses).
 */
const Row = memo(function Row({ row, index, start, columns, template }: { row: ExtractionRow; index: number; start: number; columns: readonly RowColumn[]; template: string }) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute left-0 top-0 grid w-full items-center border-b border-border/60 hover:bg-surface-2"
      style={{ gridTemplateColumns: template, height: ROW_PX, transform: `translateY(${start}px)`, contain: 'strict' }}
    >
      {columns.map((c) => (
        <Cell key={c} row={row} column={c} text={formatCell(row, c)} />
      ))}
    </div>
  );
});

/**
 * Keys for the rows in view that recycle the keys of rows gone out of view: React then puts a new
 * row's text into the elements of one that left instead of removing them and making new ones
 * (what made scrolling slow). A row that stays in view keeps its key, so it is not drawn again.
 */
class RowKeys {
  private byIndex = new Map<number, number>();
  keys(indexes: readonly number[]): number[] {
    const next = new Map<number, number>();
    const taken = new Set<number>();
    for (const i of indexes) {
      const key = this.byIndex.get(i);
      if (key !== undefined) {
        next.set(i, key);
        taken.add(key);
      }
    }
    let free = 0;
    for (const i of indexes) {
      if (next.has(i)) continue;
      while (taken.has(free)) free++;
      next.set(i, free);
      taken.add(free);
    }
    this.byIndex = next;
    return indexes.map((i) => next.get(i) as number);
  }
}

type Layout = { columns: readonly RowColumn[]; template: string; minWidth: string };

/** The header row: drawn again only when the columns or the sort change, not while scrolling. */
const HeaderRow = memo(function HeaderRow({ layout, sort, onSort }: { layout: Layout; sort: Sort; onSort: (c: RowColumn) => void }) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-surface-2">
      <div role="row" aria-rowindex={1} className="grid" style={{ gridTemplateColumns: layout.template }}>
        {layout.columns.map((c) => (
          <div key={c} role="columnheader" aria-sort={sort?.column === c ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1.5">
            <button type="button" onClick={() => onSort(c)} className={`w-full font-medium hover:text-accent ${numeric.has(c) ? 'text-right' : 'text-left'}`}>
              {columnLabels[c]}
              <span aria-hidden="true">{sort?.column === c ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
});

/**
 * The scrolling part: the virtualizer lives here, so a scroll draws this (the rows coming into view)
 * and nothing of the filters above it.
 */
const RowsView = memo(function RowsView({ shown, total, layout, sort, onSort, label, emptyText }: { shown: readonly ExtractionRow[]; total: number; layout: Layout; sort: Sort; onSort: (c: RowColumn) => void; label: string; emptyText: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // A plain click on a cell's link is the router's (no page load); other clicks (new tab) are the browser's.
  const onTableClick = (e: MouseEvent) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-route]');
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate({ to: a.getAttribute('href') ?? '/' });
  };
  // The row holding the focus stays in the page while it is scrolled out of view, so the focus is
  // neither lost nor moved to another row when its elements are reused.
  const focused = useRef<number | null>(null);
  const onFocus = (e: FocusEvent) => {
    const row = (e.target as HTMLElement).closest('[role=row][aria-rowindex]');
    const index = row ? Number(row.getAttribute('aria-rowindex')) - 2 : -1;
    focused.current = index >= 0 ? index : null;
  };
  const onBlur = (e: FocusEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focused.current = null;
  };
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const f = focused.current;
    if (f === null || f >= range.count || indexes.includes(f)) return indexes;
    return [...indexes, f].sort((x, y) => x - y);
  }, []);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is made for this.
  const virtual = useVirtualizer({ count: shown.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_PX, overscan: OVERSCAN, rangeExtractor, useFlushSync: false });
  const items = virtual.getVirtualItems();
  const [rowKeys] = useState(() => new RowKeys());
  const keys = rowKeys.keys(items.map((v) => v.index));
  return (
    // `contain: strict`: the scroller's size comes from the page, never from its rows, so rows coming and going lay out only inside it.
    <div ref={scrollRef} className="min-h-80 flex-1 overflow-auto" style={{ contain: 'strict' }} data-testid="results-scroll" tabIndex={0} aria-label={`${label}: scroll the rows`}>
      <div role="table" onClick={onTableClick} onFocus={onFocus} onBlur={onBlur} aria-label={label} aria-rowcount={shown.length + 1} className="text-sm" style={{ width: '100%', minWidth: layout.minWidth }}>
        <HeaderRow layout={layout} sort={sort} onSort={onSort} />
        <div role="rowgroup" className="relative" style={{ height: virtual.getTotalSize() }}>
          {items.map((v, n) => (
            <Row key={keys[n]} row={shown[v.index] as ExtractionRow} index={v.index} start={v.start} columns={layout.columns} template={layout.template} />
          ))}
        </div>
      </div>
      {shown.length === 0 ? <p className="p-6 text-center text-muted">{total ? 'No loaded row passes these filters.' : emptyText}</p> : null}
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
  const layout: Layout = useMemo(() => ({ columns, template: columns.map((c) => tracks[c].track).join(' '), minWidth: `${columns.reduce((n, c) => n + tracks[c].rem, 0)}rem` }), [columns]);
  const onSort = useCallback(
    (c: RowColumn) => setSort((s) => (s?.column !== c ? { column: c, dir: numeric.has(c) ? 'desc' : 'asc' } : s.dir === 'asc' ? { column: c, dir: 'desc' } : s.dir === 'desc' && !numeric.has(c) ? null : { column: c, dir: 'asc' })),
    [],
  );

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
      <RowsView shown={shown} total={rows.length} layout={layout} sort={sort} onSort={onSort} label={label} emptyText={emptyText} />
    </div>
  );
}
