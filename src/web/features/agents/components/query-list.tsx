import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListEnd } from '../../../components/ui/list-end';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-states';
import { nounFor, singularOf } from '../../../lib/plural';

/** A short, unpaged list over one query, with the four list states (loading, empty, end, failed). */
export function QueryList<T>({
  query,
  noun,
  one,
  label,
  empty,
  getKey,
  children,
  className,
}: {
  query: UseQueryResult<T[]>;
  noun: string;
  /** The noun for one item; default: `noun` without its final s. */
  one?: string;
  /** Accessible name of the list. */
  label: string;
  empty: ReactNode;
  getKey: (item: T) => string;
  children: (item: T) => ReactNode;
  className?: string;
}) {
  if (query.isPending) return <ListLoading label={`Loading ${noun}`} />;
  if (query.isError) return <ListFailed title={`The ${noun} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <ListEmpty>{empty}</ListEmpty>;
  return (
    <div className={className}>
      <ul aria-label={label} aria-busy={query.isFetching} className="divide-y divide-border">
        {query.data.map((item) => (
          <li key={getKey(item)}>{children(item)}</li>
        ))}
      </ul>
      <ListEnd count={query.data.length} noun={nounFor(query.data.length, one ?? singularOf(noun), noun)} />
    </div>
  );
}
