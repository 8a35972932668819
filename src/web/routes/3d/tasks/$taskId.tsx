import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/shell/shell';
import { gen3dQueries } from '../../../features/gen3d/api/queries';
import { TaskDetail } from '../../../features/gen3d/components/task-detail';
import { prefetchTaskModel, preloadViewer } from '../../../features/gen3d/components/viewer-preload';
import { StatusBadge } from '../../../features/gen3d/components/task-status';
import { titleOf, typeLabel } from '../../../features/gen3d/task-view';
import { ensureRecord, requireShape } from '../../../lib/loaders';

export const Route = createFileRoute('/3d/tasks/$taskId')({
  loader: async ({ context, params, preload }) => {
    requireShape(params.taskId.trim().length > 0 && params.taskId.length <= 200, 'Task', 'A task id has 1 to 200 characters.');
    // Opening the page (not a hover's preload): the viewer's code and the model download start
    // now, beside the task and the page's own chunk, rather than after the page has rendered.
    if (!preload) preloadViewer();
    const task = await ensureRecord(context.queryClient, gen3dQueries.task(params.taskId), 'Task');
    if (!preload) prefetchTaskModel(task);
    return task;
  },
  component: TaskPage,
});

function TaskPage() {
  const { taskId } = Route.useParams();
  const { data: task } = useSuspenseQuery(gen3dQueries.task(taskId));
  return (
    <>
      <PageHeader
        title={titleOf(task)}
        description={
          <>
            {typeLabel(task.task.type)} · <span className="break-all font-mono">{task.id}</span>
          </>
        }
        actions={
          <div className="flex items-center gap-3">
            <span role="status" aria-label="Task status">
              <StatusBadge status={task.task.status} />
            </span>
            <Link to="/3d" className="text-sm whitespace-nowrap text-accent hover:underline">
              ← All tasks
            </Link>
          </div>
        }
      />
      <TaskDetail task={task} />
    </>
  );
}
