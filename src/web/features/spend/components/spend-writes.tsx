import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { SpendStatus, type SpendWrite } from '../../../../contracts/spend';
import { services } from '../../../../contracts/services';
import { Badge, type Tone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/field';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-states';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-extra';
import { spendQueries } from '../api/queries';
import { spendStatusWords } from '../view';
import { countOf } from '../../../lib/plural';

const tones: Record<SpendStatus, Tone> = { sending: 'info', sent: 'success', refused: 'neutral', recovered: 'warning', unconfirmed: 'danger' };

function Amount({ w }: { w: SpendWrite }) {
  if (w.actual !== null) return <>{`${w.actual} ${w.unit}`}</>;
  return <span title="Counted at its price (a range at its upper end) until the service reports what it charged">{`${w.reserved} ${w.unit}*`}</span>;
}

/** Every credit-spending write the console recorded, newest first, a page at a time, by status. */
export function SpendWrites() {
  const [status, setStatus] = useState<SpendStatus | undefined>(undefined);
  const pages = useInfiniteQuery(spendQueries.writes({ status }));
  const writes = pages.data?.pages.flatMap((p) => p.writes) ?? [];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]" aria-label="What each status means">
        {SpendStatus.options.map((s) => (
          <div key={s} className="contents">
            <dt>
              <Badge tone={tones[s]}>{spendStatusWords[s].label}</Badge>
            </dt>
            <dd className="text-muted">{spendStatusWords[s].meaning}</dd>
          </div>
        ))}
      </dl>
      <Field label="Status" className="max-w-60">
        {({ id }) => (
          <Select id={id} value={status ?? ''} onChange={(e) => setStatus((e.target.value || undefined) as SpendStatus | undefined)}>
            <option value="">Any status</option>
            {SpendStatus.options.map((s) => (
              <option key={s} value={s}>
                {spendStatusWords[s].label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {pages.isPending ? (
        <ListLoading label="Loading spend writes" />
      ) : pages.isError && writes.length === 0 ? (
        <ListFailed title="The spend writes could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />
      ) : writes.length === 0 ? (
        <ListEmpty>{status ? `No write is ${spendStatusWords[status].label.toLowerCase()}.` : 'Nothing spent yet.'}</ListEmpty>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border text-sm" aria-label="Spend writes">
            {writes.map((w) => (
              <li key={w.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-2" data-spend-status={w.status}>
                <span className="min-w-0 truncate font-medium" title={`${w.method} ${w.path}`}>
                  {services[w.service].label} · {w.operation}
                </span>
                <span className="text-right font-mono tabular-nums">
                  <Amount w={w} />
                </span>
                <span className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted">
                  <span>{formatDateTime(w.createdAt)}</span>
                  <span>· {w.mode}</span>
                  {w.actor ? <span>· by {w.actor}</span> : null}
                  {w.ref && w.service === 'gen3d' ? (
                    <Link to="/3d/tasks/$taskId" params={{ taskId: w.ref }} className="font-mono text-accent underline" title={w.ref}>
                      {w.ref.slice(0, 8)}
                    </Link>
                  ) : w.ref ? (
                    <span className="font-mono" title={w.ref}>
                      {w.ref.slice(0, 8)}
                    </span>
                  ) : null}
                  {w.error ? (
                    <span className="line-clamp-2 break-words" title={w.error}>
                      · {w.error}
                    </span>
                  ) : null}
                </span>
                <span className="text-right">
                  <Badge tone={tones[w.status]} title={spendStatusWords[w.status].meaning}>
                    {spendStatusWords[w.status].label}
                  </Badge>
                </span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-center gap-3 text-sm text-muted">
            <span role="status">{pages.hasNextPage ? `The newest ${writes.length} writes` : `${countOf(writes.length, 'write')}, all shown`}</span>
            {pages.hasNextPage ? (
              <Button size="sm" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                {pages.isFetchingNextPage ? 'Loading…' : 'Show older writes'}
              </Button>
            ) : null}
            {pages.isFetchNextPageError ? <p role="alert" className="w-full text-center text-danger">Older writes could not be loaded: {errorMessage(pages.error)}</p> : null}
          </div>
        </>
      )}
    </div>
  );
}
