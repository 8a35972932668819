import { useState } from 'react';
import { agentnetOps, type PaymentTask } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/field';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import { WriteError } from './bits';

/** A payment still waiting for its buyer's confirmation. */
export const paymentPending = (p: Pick<PaymentTask, 'status'>) => /pending|requested|created/.test(p.status);

export function PaymentStatus({ payment: p }: { payment: Pick<PaymentTask, 'status'> }) {
  return <Badge tone={paymentPending(p) ? 'warning' : p.status.includes('fail') || p.status === 'cancelled' ? 'danger' : 'success'}>{p.status.replace(/_/g, ' ')}</Badge>;
}

/**
 * What the acting agent can do about a payment's confirmation: its buyer confirms a pending one
 * with the transaction hash (the reference of the transfer); its seller waits for that.
 */
export function ConfirmPaid({ payment: p, agentId, refresh = [] }: { payment: PaymentTask; agentId: string; refresh?: ReadonlyArray<readonly unknown[]> }) {
  const confirm = useOpWrite(agentnetOps['payments.confirm'], agentId, [agentKeys.payments(agentId), ...refresh]);
  const [tx, setTx] = useState('');
  if (!paymentPending(p)) return null;
  if (p.from !== agentId) return <p className="text-xs text-muted">Waiting for the buyer to confirm it with a transaction hash.</p>;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Input aria-label={`Transaction hash for ${p.id}`} placeholder="Transaction hash" maxLength={200} className="min-w-0 flex-1" value={tx} onChange={(e) => setTx(e.target.value)} />
        <Button size="sm" disabled={!tx.trim() || confirm.isPending} onClick={() => confirm.mutate({ params: { tid: p.id }, body: { tx_hash: tx.trim() } })}>
          {confirm.isPending ? 'Confirming…' : 'Confirm paid'}
        </Button>
      </div>
      {confirm.isError ? <WriteError title="Not confirmed" error={confirm.error} /> : null}
    </>
  );
}
