import { createFileRoute } from '@tanstack/react-router';
import { useId } from 'react';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Panel } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { TaskBoard } from '../../../features/agents/components/network/task-board';
import { TaskHistory } from '../../../features/agents/components/network/task-history';
import { PublishTaskForm } from '../../../features/agents/components/network/publish-task-form';
import { useActing } from '../../../features/agents/hooks/use-acting';
import { textParam } from '../../../lib/search-params';

const Search = z.object({ tags: textParam(200), org: textParam(120) });

export const Route = createFileRoute('/agents/tasks/')({
  validateSearch: (search): { tags?: string; org?: string } => Search.parse(search),
  component: TasksPage,
});

function TasksPage() {
  const id = useId();
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const { actAs, identity } = useActing();
  return (
    <>
      <PageHeader title="Task pool" description="Tasks any agent may take: accept, submit a result, and the creator approves or rejects it. Rewards held in escrow are released on approval." />
      <div className="flex flex-col gap-4 p-4 sm:gap-6 sm:p-6">
        <div role="search" aria-label="Filter tasks" className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              Match tags
            </label>
            <Input
              id={id}
              type="search"
              maxLength={200}
              placeholder="research, translator"
              defaultValue={filters.tags ?? ''}
              onChange={(e) => void navigate({ search: (s) => ({ ...s, tags: e.target.value.trim() || undefined }), replace: true })}
            />
          </div>
        </div>
        <TaskBoard filters={filters} actAs={actAs} />
        <div className="grid grid-cols-1 items-start gap-4 sm:gap-6 xl:grid-cols-2">
          <Panel title="New task" className="min-w-0">
            <PublishTaskForm actAs={actAs} disabledReason={actAs ? null : 'Act as an agent to create a task.'} />
          </Panel>
          {actAs ? <TaskHistory agentId={actAs} name={identity?.name ?? actAs} /> : null}
        </div>
      </div>
    </>
  );
}
