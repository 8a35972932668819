import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/ui/button';
import { ListEnd } from '../../../../components/ui/list-end';
import { ListEmpty, ListFailed, ListLoading } from '../../../../components/ui/list-states';

/**
 * A short list read page by page (jobs, draws, events): the loaded items, then "Load more" while
 * the service has more, or the end of the list; loading, empty and failed say so.
 */
export function Paged<T>({
  query,
  items,
  noun,
  empty,
  children,
}: {
  query: Pick<UseInfiniteQueryResult, 'isPending' | 'isError' | 'error' | 'refetch' | 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>;
  items: readonly T[];
  noun: string;
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <ListLoading label={`Loading ${noun}`} />;
  if (query.isError && items.length === 0) return <ListFailed title={`The ${noun} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0 && !query.hasNextPage) return <ListEmpty>{empty}</ListEmpty>;
  return (
    <>
      {children(items)}
      {query.hasNextPage ? (
        <div className="flex justify-center p-3">
          <Button size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : `Load more ${noun}`}
          </Button>
        </div>
      ) : (
        <ListEnd count={items.length} noun={noun} />
      )}
    </>
  );
}
