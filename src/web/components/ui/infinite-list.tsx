import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { ListEmpty, ListEnd, ListFailed, ListLoading } from './list-states';

type Page<T> = { items: T[]; hasNext: boolean };

/**
 * A virtualized list over an infinite query: only the rows in view are in the DOM (smooth with
 * thousands loaded), rows measure their own height, the next page loads as the end comes near,
 * and the list says when it is loading, empty, at its end, or failed.
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
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const hasNext = query.hasNextPage;
  // One extra row at the end for the loader / end / error state.
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is made for this; rows are not memoized.
  const virtual = useVirtualizer({
    count: items.length + 1,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 6,
    getItemKey: (i) => (i < items.length ? getKey(items[i] as T) : '__end'),
  });
  const virtualItems = virtual.getVirtualItems();
  const last = virtualItems.at(-1);

  // Load the next page when the end row comes into view (pages can be empty: keep going).
  useEffect(() => {
    if (!last || last.index < items.length - 1) return;
    if (hasNext && !query.isFetchingNextPage && !query.isFetchNextPageError) void query.fetchNextPage();
  }, [last, items.length, hasNext, query]);

  if (query.isPending) return <ListLoading label={`Loading ${noun}`} />;
  if (query.isError && items.length === 0) return <ListFailed title={`The ${noun} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0 && !hasNext) return <ListEmpty>{empty}</ListEmpty>;

  return (
    <div ref={scrollRef} className={cn('overflow-auto contain-strict', className)} data-testid="infinite-list">
      <div role="feed" aria-label={label} aria-busy={query.isFetching} className="relative w-full" style={{ height: virtual.getTotalSize() }}>
        {virtualItems.map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtual.measureElement}
            className="absolute left-0 top-0 w-full"
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {row.index < items.length ? (
              <article aria-posinset={row.index + 1} aria-setsize={hasNext ? -1 : items.length}>
                {renderItem(items[row.index] as T, row.index)}
              </article>
            ) : query.isFetchNextPageError ? (
              <ListFailed title={`More ${noun} could not be loaded`} error={query.error} onRetry={() => void query.fetchNextPage()} />
            ) : hasNext ? (
              <ListLoading label={`Loading more ${noun}`} />
            ) : (
              <ListEnd count={items.length} noun={noun} />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
