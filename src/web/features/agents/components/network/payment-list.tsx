import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, type PaymentTask } from '../../../../../contracts/agentnet';
import { BarChart } from '../../../../components/charts/bar-chart';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Input, Select } from '../../../../components/ui/field';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { formatDateTime } from '../../../../lib/format-extra';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import { currenciesOf, formatAmount, paymentsByDay } from '../../network-view';
import { MoreButton, WriteError } from './bits';

/** Amounts per day of the acting agent's payments (as buyer or seller), one currency at a time. */
export function PaymentChart({ agentId }: { agentId: string }) {
  const all = useQuery(netQueries.paymentsForChart(agentId));
  const currencies = currenciesOf(all.data ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? 'credits');
  const bars = paymentsByDay(all.data ?? [], currency);
  return (
    <Panel
      title="Payments per day"
      aside={
        currencies.length > 1 ? (
          <Select aria-label="Currency" className="w-32" value={currency} onChange={(e) => setChosen(e.target.value)}>
            {currencies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        ) : null
      }
    >
      {all.isPending ? <ListLoading label="Loading payments" /> : bars.length ? <BarChart bars={bars} label={`Payments per day in ${currency}`} unit={currency} /> : <p className="text-sm text-muted">No payments yet.</p>}
    </Panel>
  );
}

/** The acting agent's payments, 20 at a time, newest first; the buyer confirms a pending one with a transaction hash. */
export function PaymentList({ agentId }: { agentId: string }) {
  const q = useInfiniteQuery(netQueries.payments(agentId));
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Panel title="Payments" flush>
      {q.isPending ? (
        <ListLoading label="Loading payments" />
      ) : q.isError ? (
        <ListFailed title="The payments could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-muted">No payments yet.</p>
      ) : (
        <ul aria-label="Payments" className="divide-y divide-border">
          {items.map((p) => (
            <li key={p.id}>
              <PaymentRow payment={p} agentId={agentId} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-center p-3">
        <MoreButton hasNext={!!q.hasNextPage} loading={q.isFetchingNextPage} onMore={() => void q.fetchNextPage()} noun="payments" />
      </div>
    </Panel>
  );
}

function PaymentRow({ payment: p, agentId }: { payment: PaymentTask; agentId: string }) {
  const confirm = useOpWrite(agentnetOps['payments.confirm'], agentId, [agentKeys.payments(agentId)]);
  const [tx, setTx] = useState('');
  const buyer = p.from === agentId;
  const pending = /pending|requested|created/.test(p.status);
  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm" title={`${p.from} → ${p.to}`}>
          <strong className="tabular-nums">{formatAmount(p.amount, p.currency)}</strong> {buyer ? `to ${p.to}` : `from ${p.from}`}
        </span>
        <Badge tone={pending ? 'warning' : p.status.includes('fail') || p.status === 'cancelled' ? 'danger' : 'success'}>{p.status.replace(/_/g, ' ')}</Badge>
      </div>
      <span className="truncate text-xs text-muted">
        {p.createdAt ? formatDateTime(p.createdAt) : ''} {p.description ? `· ${p.description}` : ''} {p.txHash ? `· tx ${p.txHash}` : ''}
      </span>
      {pending && buyer ? (
        <div className="flex flex-wrap items-center gap-2">
          <Input aria-label={`Transaction hash for ${p.id}`} placeholder="Transaction hash" maxLength={200} className="min-w-0 flex-1" value={tx} onChange={(e) => setTx(e.target.value)} />
          <Button size="sm" disabled={!tx.trim() || confirm.isPending} onClick={() => confirm.mutate({ params: { tid: p.id }, body: { tx_hash: tx.trim() } })}>
            Confirm paid
          </Button>
        </div>
      ) : pending ? (
        <p className="text-xs text-muted">Waiting for the buyer to confirm it with a transaction hash.</p>
      ) : null}
      {confirm.isError ? <WriteError title="Not confirmed" error={confirm.error} /> : null}
    </div>
  );
}
