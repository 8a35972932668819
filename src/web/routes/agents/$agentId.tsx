import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { AGENT_ID } from '../../../contracts/agentnet';
import { PageError } from '../../components/shell/page-error';
import { PageHeader } from '../../components/shell/shell';
import { Alert } from '../../components/ui/alert';
import { ListLoading } from '../../components/ui/list-states';
import { agentQueries } from '../../features/agents/api/queries';
import { ActAsOffer } from '../../features/agents/components/act-as-offer';
import { AgentFacts, AgentSubnets, CommunicationFacts } from '../../features/agents/components/agent-details';
import { ManagePanel } from '../../features/agents/components/manage/manage-panel';
import { Presence } from '../../features/agents/components/presence';
import { useActing } from '../../features/agents/hooks/use-acting';


export const Route = createFileRoute('/agents/$agentId')({
  // Loaders are not split by default: keep this one (and the contracts it reads) out of the first page.
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  loader: async ({ context, params }) => {
    // Checked here, not in params.parse: the loader is in the route's own chunk, with the contracts.
    if (!AGENT_ID.test(params.agentId)) throw notFound();
    void context.queryClient.prefetchQuery(agentQueries.profile(params.agentId, context.actAs));
    await context.queryClient.ensureQueryData(agentQueries.detail(params.agentId, context.actAs));
  },
  errorComponent: RouteError,
  component: AgentPage,
});

function AgentPage() {
  const { agentId } = Route.useParams();
  const { actAs, identities, setActAs } = useActing();
  const [deleted, setDeleted] = useState<string | null>(null);
  // Switching who the console acts as re-reads the agent: keep showing it meanwhile.
  const agent = useQuery({ ...agentQueries.detail(agentId, actAs), placeholderData: keepPreviousData, enabled: !deleted });
  const onDeleted = (name: string) => {
    setDeleted(name);
    if (actAs === agentId) setActAs(null);
  };

  if (deleted) {
    return (
      <>
        <PageHeader title={deleted} description="Deleted" />
        <div className="p-6">
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
  if (agent.isPending) return <ListLoading label="Loading the agent" />;
  if (agent.isError) return <AgentError error={agent.error} onRetry={() => void agent.refetch()} />;
  const a = agent.data;
  const identity = identities.find((i) => i.agentId === agentId) ?? null;
  const acting = actAs === agentId;
  return (
    <>
      <PageHeader
        title={a.name}
        description={<span className="font-mono text-sm">{a.id}</span>}
        actions={
          <div className="flex items-center gap-3">
            <span role="status" aria-label="Agent status">
              <Presence online={a.online} lastSeen={a.lastSeen} />
            </span>
            <Link to="/agents" className="text-sm text-accent hover:underline">
              ← Directory
            </Link>
          </div>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)] items-start gap-6 p-6">
        <div className="flex flex-col gap-6">
          <AgentFacts agent={a} />
          <CommunicationFacts agentId={agentId} actAs={actAs} />
          <AgentSubnets agentId={agentId} actAs={actAs} />
        </div>
        {acting ? <ManagePanel key={a.id} agent={a} onDeleted={onDeleted} /> : <ActAsOffer agentName={a.name} identity={identity} onActAs={() => setActAs(agentId)} />}
      </div>
    </>
  );
}

function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <AgentError error={error} onRetry={() => void router.invalidate()} />;
}

function AgentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PageError
      title="This agent cannot be shown"
      error={error}
      onRetry={onRetry}
      back={
        <Link to="/agents" className="text-accent underline">
          Back to the directory
        </Link>
      }
    />
  );
}
