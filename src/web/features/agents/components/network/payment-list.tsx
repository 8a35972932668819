import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PaymentTask } from '../../../../../contracts/agentnet';
import { BarChart } from '../../../../components/charts/bar-chart';
import { Panel } from '../../../../components/ui/card';
import { Select } from '../../../../components/ui/field';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { formatDateTime } from '../../../../lib/format-extra';
import { netQueries } from '../../api/network';
import { currenciesOf, formatAmount, paymentsByDay } from '../../network-view';
import { MoreButton } from './bits';
import { ConfirmPaid, PaymentStatus } from './payment-confirm';

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

/** One payment named in the address (`?payment=`, a task page's link), read from the service as the acting agent. */
export function PaymentFocus({ paymentId, agentId }: { paymentId: string; agentId: string }) {
  const q = useQuery(netQueries.payment(paymentId, agentId));
  return (
    <Panel title={`Payment ${paymentId}`} aria-label={`Payment ${paymentId}`} flush>
      {q.isPending ? <ListLoading label="Loading the payment" /> : q.isError ? <ListFailed title="The payment could not be loaded" error={q.error} onRetry={() => void q.refetch()} /> : <PaymentRow payment={q.data} agentId={agentId} />}
    </Panel>
  );
}

function PaymentRow({ payment: p, agentId }: { payment: PaymentTask; agentId: string }) {
  const buyer = p.from === agentId;
  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm" title={`${p.from} → ${p.to}`}>
          <strong className="tabular-nums">{formatAmount(p.amount, p.currency)}</strong> {buyer ? `to ${p.to}` : `from ${p.from}`}
        </span>
        <PaymentStatus payment={p} />
      </div>
      <span className="truncate text-xs text-muted">
        {p.createdAt ? formatDateTime(p.createdAt) : ''} {p.description ? `· ${p.description}` : ''} {p.txHash ? `· tx ${p.txHash}` : ''}
      </span>
      {p.poolTaskId ? (
        <span className="min-w-0 truncate text-xs">
          For task{' '}
          <Link to="/agents/tasks/$taskId" params={{ taskId: p.poolTaskId }} className="font-mono text-accent hover:underline">
            {p.poolTaskId}
          </Link>
          {p.payAgainReason ? <span className="text-muted"> · paid again: {p.payAgainReason}</span> : null}
        </span>
      ) : null}
      <ConfirmPaid payment={p} agentId={agentId} />
    </div>
  );
}
