import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { ListEnd } from './list-end';
import { ListEmpty, ListFailed, ListLoading } from './list-states';

type Page<T> = { items: T[]; hasNext: boolean };

/** While a rate-limited read waits for its retry, say so instead of an ordinary "Loading". */
const waitingLabel = (reason: unknown) =>
  reason instanceof ApiRequestError && reason.status === 429
    ? `The service is limiting requests; trying again in ${Math.ceil(reason.error.retryAfter ?? 1)} s`
    : null;

/** How close to the end (in rows) the next page starts loading. */
const PREFETCH_ROWS = 5;

/**
 * A virtualized list over an infinite query: only the rows in view are in the DOM (smooth with
 * thousands loaded), rows measure their own height, the next page loads as the end comes near
 * (through pages that came back empty too), and the list says when it is loading, empty, at its
 * end, or failed. The feed holds only its articles; the state line sits after it.
 */
export function InfiniteList<T>({
  query,
  getKey,
  renderItem,
  estimateSize = 120,
  label,
  noun,
  empty,
  className,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  estimateSize?: number;
  /** Accessible name of the list. */
  label: string;
  /** What the items are, for "End of the list · 40 posts". */
  noun: string;
  empty: ReactNode;
  className?: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Flattened once per page load, not on every scroll frame.
  const pages = query.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const hasNext = query.hasNextPage;
  const getItemKey = useCallback((i: number) => getKey(items[i] as T), [getKey, items]);
  const estimate = useCallback(() => estimateSize, [estimateSize]);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is made for this; rows are not memoized.
  const virtual = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimate,
    overscan: 6,
    getItemKey,
    // Let React batch scroll updates instead of rendering synchronously on every scroll event.
    useFlushSync: false,
  });
  const virtualItems = virtual.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  const nearEnd = items.length === 0 || lastIndex >= items.length - PREFETCH_ROWS;
  const { fetchNextPage, isFetchingNextPage, isFetchNextPageError } = query;

  // Load the next page as the end comes near; an empty page with a next one just continues. A call
  // made while a page is on its way joins it instead of cancelling it (cancelRefetch: false).
  useEffect(() => {
    if (nearEnd && hasNext && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage({ cancelRefetch: false });
  }, [nearEnd, hasNext, isFetchingNextPage, isFetchNextPageError, fetchNextPage, items.length]);

  if (query.isPending) return <ListLoading label={waitingLabel(query.failureReason) ?? `Loading ${noun}`} />;
  if (query.isError && items.length === 0) return <ListFailed title={`The ${noun} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0 && !hasNext) return <ListEmpty>{empty}</ListEmpty>;

  return (
    <div ref={scrollRef} className={cn('overflow-auto bg-surface', className)} data-testid="infinite-list">
      <div role="feed" aria-label={label} aria-busy={query.isFetching} className="relative w-full" style={{ height: virtual.getTotalSize() }}>
        {virtualItems.map((row) => (
          <article
            key={row.key}
            data-index={row.index}
            ref={virtual.measureElement}
            aria-posinset={row.index + 1}
            aria-setsize={hasNext ? -1 : items.length}
            className="absolute left-0 top-0 w-full"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {renderItem(items[row.index] as T, row.index)}
          </article>
        ))}
      </div>
      {isFetchNextPageError ? (
        <ListFailed title={`More ${noun} could not be loaded`} error={query.error} onRetry={() => void fetchNextPage({ cancelRefetch: false })} />
      ) : hasNext ? (
        <ListLoading label={waitingLabel(query.failureReason) ?? `Loading more ${noun}`} />
      ) : (
        <ListEnd count={items.length} noun={noun} />
      )}
    </div>
  );
}
