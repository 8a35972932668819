import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { AGENT_ID } from '../../../contracts/agentnet';
import { PageHeader } from '../../components/shell/shell';
import { Alert } from '../../components/ui/alert';
import { agentQueries } from '../../features/agents/api/queries';
import { ActAsOffer } from '../../features/agents/components/act-as-offer';
import { AgentFacts, AgentSubnets, CommunicationFacts } from '../../features/agents/components/agent-details';
import { OwnerPanel } from '../../features/agents/components/network/owner-panel';
import { ManagePanel } from '../../features/agents/components/manage/manage-panel';
import { Presence } from '../../features/agents/components/presence';
import { useActing } from '../../features/agents/hooks/use-acting';
import { ensureRecord, requireShape } from '../../lib/loaders';

export const Route = createFileRoute('/agents/$agentId')({
  loader: ({ context, params }) => {
    requireShape(AGENT_ID.test(params.agentId), 'Agent', 'An agent id has 1 to 80 letters, digits or . _ : -.');
    void context.queryClient.prefetchQuery(agentQueries.profile(params.agentId, context.actAs));
    return ensureRecord(context.queryClient, agentQueries.detail(params.agentId, context.actAs), 'Agent');
  },
  component: AgentPage,
});

function AgentPage() {
  const { agentId } = Route.useParams();
  const [deleted, setDeleted] = useState<string | null>(null);
  if (deleted) {
    return (
      <>
        <PageHeader title={deleted} description="Deleted" />
        <div className="p-4 sm:p-6">
          <Alert tone="success" title={`${deleted} was deleted.`}>
            It left the network and the console forgot its key.{' '}
            <Link to="/agents" className="font-medium text-accent underline">
              Back to the directory
            </Link>
          </Alert>
        </div>
      </>
    );
  }
  return <AgentView key={agentId} agentId={agentId} onDeleted={setDeleted} />;
}

function AgentView({ agentId, onDeleted }: { agentId: string; onDeleted: (name: string) => void }) {
  const { actAs, identities, setActAs } = useActing();
  // Switching who the console acts as re-reads the agent: the page shows the last read meanwhile.
  const readAs = useDeferredValue(actAs);
  const { data: a } = useSuspenseQuery(agentQueries.detail(agentId, readAs));
  const identity = identities.find((i) => i.agentId === agentId) ?? null;
  const deleted = (name: string) => {
    onDeleted(name);
    if (actAs === agentId) setActAs(null);
  };
  return (
    <>
      <PageHeader
        title={a.name}
        description={<span className="break-all font-mono text-sm">{a.id}</span>}
        actions={
          <div className="flex items-center gap-3">
            <span role="status" aria-label="Agent status">
              <Presence online={a.online} lastSeen={a.lastSeen} />
            </span>
            <Link to="/agents" className="text-sm whitespace-nowrap text-accent hover:underline">
              ← Directory
            </Link>
          </div>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <AgentFacts agent={a} />
          <CommunicationFacts agentId={agentId} actAs={readAs} />
          <AgentSubnets agentId={agentId} actAs={readAs} />
          <OwnerPanel agent={a} />
        </div>
        {actAs === agentId ? (
          <ManagePanel key={a.id} agent={a} onDeleted={deleted} />
        ) : (
          <ActAsOffer agentName={a.name} identity={identity} onActAs={() => setActAs(agentId)} />
        )}
      </div>
    </>
  );
}
