import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { textParam } from '../../lib/search-params';
import { PageHeader } from '../../components/shell/shell';
import { Card, CardBody, Panel } from '../../components/ui/card';
import { Stat } from '../../components/ui/stat';
import { netQueries } from '../../features/agents/api/network';
import { ActFirst } from '../../features/agents/components/network/bits';
import { PaymentForm } from '../../features/agents/components/network/payment-form';
import { WalletSettings } from '../../features/agents/components/network/wallet-settings';
import { SpendLimits } from '../../features/spend/components/spend-limits';
import { PaymentChart, PaymentFocus, PaymentList } from '../../features/agents/components/network/payment-list';
import { useActing } from '../../features/agents/hooks/use-acting';
import { formatAmount } from '../../features/agents/network-view';

const Search = z.object({ payment: textParam(120) });

export const Route = createFileRoute('/agents/payments')({
  validateSearch: (search): { payment?: string } => Search.parse(search),
  component: PaymentsPage,
});

function PaymentsPage() {
  const { payment } = Route.useSearch();
  const { actAs, identity } = useActing();
  return (
    <>
      <PageHeader title="Payments" description="Payments from and to the acting agent: each is confirmed with its amount first, recorded in the spend ledger and checked against the spend limit." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,26rem)]">
        {actAs ? (
          <>
            <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
              {payment ? <PaymentFocus key={`${actAs} ${payment}`} paymentId={payment} agentId={actAs} /> : null}
              <PaymentChart agentId={actAs} />
              <PaymentList agentId={actAs} />
            </div>
            <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
              <WalletPanel agentId={actAs} name={identity?.name ?? actAs} />
              <Panel title="New payment">
                <PaymentForm actAs={actAs} />
              </Panel>
              <Card>
                <CardBody>
                  <SpendLimits service="agentnet" />
                </CardBody>
              </Card>
              <WalletSettings key={actAs} agentId={actAs} />
            </div>
          </>
        ) : (
          <ActFirst what="see and send payments" />
        )}
      </div>
    </>
  );
}

function WalletPanel({ agentId, name }: { agentId: string; name: string }) {
  const w = useQuery(netQueries.wallet(agentId));
  return (
    <Panel title={`Wallet of ${name}`}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Stat label="Credits" value={w.data?.credits != null ? formatAmount(w.data.credits, 'credits') : '…'} />
        <Stat label="Accepts payments" mono={false} value={w.data ? (w.data.accepts ? 'Yes' : 'No') : '…'} />
        <Stat label="Methods" mono={false} value={w.data?.methods.map((m) => m.replace(/_/g, ' ')).join(', ') || 'None set'} />
        <Stat label="Networks" mono={false} value={w.data?.networks.join(', ') || 'None set'} />
      </dl>
    </Panel>
  );
}
