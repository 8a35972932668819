import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, type ErrorComponentProps } from '@tanstack/react-router';
import { z } from '../../../../contracts/zod';
import { PageError } from '../../../components/shell/page-error';
import { PageHeader } from '../../../components/shell/shell';
import { gen3dQueries } from '../../../features/gen3d/api/queries';
import { TaskDetail } from '../../../features/gen3d/components/task-detail';
import { StatusBadge } from '../../../features/gen3d/components/task-status';
import { promptOf, typeLabel } from '../../../features/gen3d/task-view';

const Params = z.object({ taskId: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });

export const Route = createFileRoute('/3d/tasks/$taskId')({
  params: { parse: (p) => Params.parse(p), stringify: (p) => p },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(gen3dQueries.task(params.taskId)),
  errorComponent: TaskError,
  component: TaskPage,
});

function TaskPage() {
  const { taskId } = Route.useParams();
  const { data: task } = useSuspenseQuery(gen3dQueries.task(taskId));
  return (
    <>
      <PageHeader
        title={promptOf(task) ?? task.id}
        description={
          <>
            {typeLabel(task.task.type)} · <span className="font-mono">{task.id}</span>
          </>
        }
        actions={
          <div className="flex items-center gap-3">
            <span role="status" aria-label="Task status">
              <StatusBadge status={task.task.status} />
            </span>
            <Link to="/3d" className="text-sm text-accent hover:underline">
              ← All tasks
            </Link>
          </div>
        }
      />
      <TaskDetail task={task} />
    </>
  );
}

function TaskError({ error }: ErrorComponentProps) {
  return (
    <PageError
      title="This task cannot be shown"
      error={error}
      back={
        <Link to="/3d" className="text-accent underline">
          Back to all tasks
        </Link>
      }
    />
  );
}
