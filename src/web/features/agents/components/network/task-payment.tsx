import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Task, TaskPaymentEntry } from '../../../../../contracts/agentnet';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { errorMessage } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format-extra';
import { netQueries } from '../../api/network';
import type { ActAs } from '../../api/service';
import { formatAmount } from '../../network-view';
import { ConfirmPaid, PaymentStatus } from './payment-confirm';
import { PaymentForm } from './payment-form';

/**
 * Paying a pool task's worker from the task's page when the reward was not held in escrow. Once
 * paid, the task says by which payment (the console's record of what it paid for the task; the
 * payment's state is the service's), its buyer confirms it here with the transaction hash, and
 * a second payment takes "Pay again" with its reason.
 */
export function TaskPayment({ task, actAs }: { task: Task; actAs: ActAs }) {
  const q = useQuery(netQueries.taskPayments(task.id));
  const [again, setAgain] = useState(false);
  const payer = !!actAs && task.creatorId === actAs;
  const due = payer && task.status === 'completed' && !!task.assigneeId && task.reward > 0 && task.escrow?.status !== 'released';
  const defaults = { to_agent: task.assigneeId ?? '', amount: String(task.reward), currency: task.currency, description: `Reward for ${task.title}`.slice(0, 2000) };
  if (q.isPending || q.isError) {
    if (!due) return null;
    return (
      <Panel title="Pay the worker" aria-label="Pay the worker" flush>
        {q.isPending ? <ListLoading label="Reading what this task was paid" /> : <ListFailed title="What this task was paid could not be read, so it cannot be paid now" error={q.error} onRetry={() => void q.refetch()} />}
      </Panel>
    );
  }
  if (q.data.length === 0) {
    if (!due) return null;
    return (
      <Panel title="Pay the worker" aria-label="Pay the worker">
        <p className="mb-3 text-sm text-muted">The reward was not held in escrow: pay it to {task.assigneeId} now.</p>
        <PaymentForm actAs={actAs} defaults={defaults} forTask={{ taskId: task.id, again: false }} />
      </Panel>
    );
  }
  return (
    <Panel title="Paid" aria-label="Paid" bodyClassName="flex flex-col gap-3">
      <ul aria-label="Payments for this task" className="flex flex-col divide-y divide-border">
        {q.data.map((p) => (
          <li key={p.paymentId ?? `sending ${p.createdAt}`} className="py-2 first:pt-0">
            <TaskPaymentRow entry={p} actAs={actAs} />
          </li>
        ))}
      </ul>
      {payer && task.assigneeId ? (
        again ? (
          <section aria-label="Pay again" className="flex flex-col gap-2 border-t border-border pt-3">
            <p className="text-sm text-muted">This task is paid already. A second payment needs its reason, kept with the payment.</p>
            <PaymentForm actAs={actAs} defaults={defaults} forTask={{ taskId: task.id, again: true }} onPaid={() => setAgain(false)} />
            <Button size="sm" className="self-start" onClick={() => setAgain(false)}>
              Do not pay again
            </Button>
          </section>
        ) : (
          <Button size="sm" className="self-start" onClick={() => setAgain(true)}>
            Pay again…
          </Button>
        )
      ) : null}
    </Panel>
  );
}

/** One payment the console made for the task; its buyer or seller also sees its state at the service. */
function TaskPaymentRow({ entry: e, actAs }: { entry: TaskPaymentEntry; actAs: ActAs }) {
  const party = !!actAs && e.paymentId !== null && (e.payer === actAs || e.payee === actAs);
  const live = useQuery({ ...netQueries.payment(e.paymentId ?? '', actAs ?? ''), enabled: party });
  const what = `${formatAmount(e.amount, e.currency)}${e.payee ? ` to ${e.payee}` : ''}`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {e.paymentId ? (
        <p className="text-sm break-words">
          Paid by payment{' '}
          <Link to="/agents/payments" search={{ payment: e.paymentId }} className="font-mono text-accent hover:underline">
            {e.paymentId}
          </Link>
          : {what}, {formatDateTime(e.createdAt)}.
        </p>
      ) : (
        <p className="text-sm break-words">
          A payment of {what} was sent {formatDateTime(e.createdAt)} and has no answer yet: it may have been made, and the console is checking the service&apos;s list for it.
        </p>
      )}
      {e.reason ? <p className="text-xs break-words text-muted">Paid again because: {e.reason}</p> : null}
      {!party ? (
        e.paymentId ? <p className="text-xs text-muted">Act as the payer or the worker to see whether it is confirmed.</p> : null
      ) : live.isPending ? (
        <p className="text-xs text-muted">Reading its status…</p>
      ) : live.isError ? (
        <p className="text-xs text-danger">{errorMessage(live.error)}</p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-xs">
            <PaymentStatus payment={live.data} />
            {live.data.txHash ? <span className="font-mono break-all">tx {live.data.txHash}</span> : null}
          </p>
          <ConfirmPaid payment={live.data} agentId={actAs as string} />
        </>
      )}
    </div>
  );
}
