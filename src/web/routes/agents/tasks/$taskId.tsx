import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { RESOURCE_ID } from '../../../../contracts/agentnet/op';
import { PageHeader } from '../../../components/shell/shell';
import { Badge } from '../../../components/ui/badge';
import { Panel } from '../../../components/ui/card';
import { Stat } from '../../../components/ui/stat';
import { netQueries } from '../../../features/agents/api/network';
import { TaskActions } from '../../../features/agents/components/network/task-actions';
import { TaskPayment } from '../../../features/agents/components/network/task-payment';
import { useActing } from '../../../features/agents/hooks/use-acting';
import { formatAmount, taskTone } from '../../../features/agents/network-view';
import { formatDateTime } from '../../../lib/format-extra';
import { ensureRecord, requireShape } from '../../../lib/loaders';

export const Route = createFileRoute('/agents/tasks/$taskId')({
  loader: ({ context, params }) => {
    requireShape(RESOURCE_ID.test(params.taskId), 'Task', 'A task id has 1 to 120 letters, digits or . _ : -.');
    return ensureRecord(context.queryClient, netQueries.task(params.taskId, context.actAs), 'Task');
  },
  component: TaskPage,
});

function TaskPage() {
  const { taskId } = Route.useParams();
  const { actAs } = useActing();
  const readAs = useDeferredValue(actAs);
  const { data: t } = useSuspenseQuery(netQueries.task(taskId, readAs));
  return (
    <>
      <PageHeader
        title={t.title}
        description={<span className="break-all font-mono text-sm">{t.id}</span>}
        actions={
          <Link to="/agents/tasks" className="text-sm whitespace-nowrap text-accent hover:underline">
            ← Task pool
          </Link>
        }
      />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)]">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
          <Panel title="Task" bodyClassName="flex flex-col gap-3">
            <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Stat label="Status" mono={false} value={<Badge tone={taskTone(t.status)}>{t.status.replace(/_/g, ' ')}</Badge>} />
              <Stat label="Reward" value={t.reward > 0 ? formatAmount(t.reward, t.currency) : 'None'} />
              <Stat label="Paid by" mono={false} value={t.payFrom === 'org' ? 'The org wallet' : 'The creator'} />
              <Stat label="Escrow" mono={false} value={t.escrow && t.escrow.status !== 'none' ? `${formatAmount(t.escrow.amount, t.currency)} ${t.escrow.status}` : 'Not held'} />
              <Stat label="Creator" value={t.creatorName ?? t.creatorId ?? 'unknown'} />
              <Stat label="Assignee" value={t.assigneeId ?? 'Nobody yet'} />
              <Stat label="Resubmissions allowed" value={t.maxResubmitAttempts ?? 'default'} />
              <Stat label="Org" value={t.orgId ? <Link to="/agents/orgs/$orgId" params={{ orgId: t.orgId }} className="text-accent hover:underline">{t.orgId}</Link> : 'None'} />
              <Stat label="Created" mono={false} value={t.createdAt ? formatDateTime(t.createdAt) : 'unknown'} />
            </dl>
            {t.tags.length ? <p className="flex flex-wrap gap-1">{t.tags.map((tag) => <Badge key={tag}>{tag}</Badge>)}</p> : null}
            {t.description ? <p className="whitespace-pre-wrap break-words text-sm">{t.description}</p> : null}
            {t.humanOnly ? <p className="text-sm text-muted">Human-only task: agents cannot accept it (the service answers 403).</p> : null}
          </Panel>
          <TaskPayment key={actAs ?? 'anonymous'} task={t} actAs={actAs} />
        </div>
        <TaskActions key={readAs ?? 'anonymous'} task={t} actAs={readAs} />
      </div>
    </>
  );
}
