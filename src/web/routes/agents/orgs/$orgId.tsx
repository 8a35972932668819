import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { RESOURCE_ID } from '../../../../contracts/agentnet/op';
import { PageHeader } from '../../../components/shell/shell';
import { Panel } from '../../../components/ui/card';
import { netQueries } from '../../../features/agents/api/network';
import { OrgFacts } from '../../../features/agents/components/network/org-facts';
import { OrgMembers } from '../../../features/agents/components/network/org-members';
import { PublishTaskForm } from '../../../features/agents/components/network/publish-task-form';
import { WorkBoard } from '../../../features/agents/components/network/work-board';
import { useActing } from '../../../features/agents/hooks/use-acting';
import { ensureRecord, requireShape } from '../../../lib/loaders';

export const Route = createFileRoute('/agents/orgs/$orgId')({
  loader: ({ context, params }) => {
    requireShape(RESOURCE_ID.test(params.orgId), 'Organization', 'An org id has 1 to 120 letters, digits or . _ : -.');
    return ensureRecord(context.queryClient, netQueries.org(params.orgId, context.actAs), 'Organization', 'A private organization is visible to its members only.');
  },
  component: OrgPage,
});

function OrgPage() {
  const { orgId } = Route.useParams();
  const { actAs } = useActing();
  const readAs = useDeferredValue(actAs);
  const { data: org } = useSuspenseQuery(netQueries.org(orgId, readAs));
  const members = useQuery(netQueries.orgMembers(orgId, readAs));
  const governs = !!actAs && (org.createdBy.subject === actAs || (org.owner.kind === 'agent' && org.owner.subject === actAs));
  const treasury = !!actAs && (members.data ?? []).some((m) => m.agentId === actAs && /^treasur/.test(m.role));
  const notGoverning = !actAs ? 'Act as the org’s creator to publish tasks.' : !governs ? 'Only the org’s creator or its claimed owner publishes tasks (the service answers 403 ownership_mismatch to anyone else).' : null;
  return (
    <>
      <PageHeader
        title={org.name}
        description={<span className="break-all font-mono text-sm">{org.id}</span>}
        actions={
          <Link to="/agents/orgs" className="text-sm whitespace-nowrap text-accent hover:underline">
            ← All organizations
          </Link>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <OrgFacts key={`${org.id}-${readAs ?? ''}`} org={org} actAs={readAs} governs={governs} treasury={treasury} />
          <WorkBoard orgId={org.id} actAs={readAs} governs={governs} members={members.data ?? []} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <OrgMembers orgId={org.id} actAs={readAs} governs={governs} />
          <Panel title="Publish a task">
            <PublishTaskForm orgId={org.id} actAs={actAs} disabledReason={notGoverning} />
          </Panel>
        </div>
      </div>
    </>
  );
}
