import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Alert } from '../../components/ui/alert';
import { Select } from '../../components/ui/field';
import { gen3dQueries } from '../../features/gen3d/api/queries';
import { LazyCompareView } from '../../features/gen3d/components/lazy-compare';
import { viewableModel } from '../../../contracts/gen3d/viewable-model';
import { promptOf, typeLabel } from '../../features/gen3d/task-view';
import type { LedgerTask } from '../../../contracts/bff';

const TaskId = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined);
const Search = z.object({ a: TaskId, b: TaskId });

export const Route = createFileRoute('/3d/compare')({
  validateSearch: Search,
  loader: ({ context }) => void context.queryClient.prefetchInfiniteQuery(succeeded),
  component: ComparePage,
});

/** The succeeded tasks the pickers offer: the ledger's newest pages of them (a chosen task is read on its own). */
const succeeded = gen3dQueries.pages({ status: 'SUCCEEDED' });

const titleOf = (t: LedgerTask) => `${typeLabel(t.task.type)} ${t.id.slice(0, 8)}${promptOf(t) ? ` · ${promptOf(t)}` : ''}`;

function ComparePage() {
  const { a, b } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const tasks = useInfiniteQuery(succeeded);
  const chosenA = useQuery({ ...gen3dQueries.task(a ?? ''), enabled: !!a });
  const chosenB = useQuery({ ...gen3dQueries.task(b ?? ''), enabled: !!b });
  const viewable = (t: LedgerTask | undefined): t is LedgerTask => !!t && t.task.status === 'SUCCEEDED' && !!viewableModel(t);
  const taskA = viewable(chosenA.data) ? chosenA.data : undefined;
  const taskB = viewable(chosenB.data) ? chosenB.data : undefined;
  const listed = (tasks.data?.pages ?? []).flatMap((p) => p.tasks).filter(viewable);
  const models = [...[taskA, taskB].filter((t): t is LedgerTask => !!t && !listed.some((x) => x.id === t.id)), ...listed];
  const side = (t: LedgerTask) => {
    const m = viewableModel(t);
    return m ? { src: m.src, clipSources: m.clips, title: titleOf(t), fileName: `model-${t.id.slice(0, 8)}` } : null;
  };
  const sideA = taskA ? side(taskA) : null;
  const sideB = taskB ? side(taskB) : null;
  const choose = (key: 'a' | 'b', id: string) => void navigate({ search: (s) => ({ ...s, [key]: id || undefined }), replace: true });
  return (
    <>
      <PageHeader
        title="Compare two models"
        description="Two models side by side with linked cameras and their figures set against each other: a preview and its refine, a model and its remesh or repair."
        actions={
          <Link to="/3d" className="text-sm whitespace-nowrap text-accent hover:underline">
            ← All tasks
          </Link>
        }
      />
      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(['a', 'b'] as const).map((key) => (
            <label key={key} className="flex min-w-0 flex-col gap-1 text-sm font-medium">
              Model {key.toUpperCase()}
              <Select value={(key === 'a' ? taskA?.id : taskB?.id) ?? ''} onChange={(e) => choose(key, e.target.value)} disabled={tasks.isPending}>
                <option value="">{tasks.isPending ? 'Loading tasks…' : 'Choose a task'}</option>
                {models.map((t) => (
                  <option key={t.id} value={t.id}>
                    {titleOf(t).slice(0, 90)}
                  </option>
                ))}
              </Select>
            </label>
          ))}
        </div>
        {tasks.isSuccess && ((a && !taskA) || (b && !taskB)) ? (
          <Alert tone="warning" title="A task to compare was not found">
            Only succeeded tasks with a model this console holds can be compared. Choose another above.
          </Alert>
        ) : null}
        {tasks.isSuccess && models.length < 2 ? <p className="text-sm text-muted">Compare needs two succeeded tasks with models; this console has {models.length}.</p> : null}
        {sideA && sideB ? <LazyCompareView key={`${taskA?.id}|${taskB?.id}`} a={sideA} b={sideB} /> : null}
      </div>
    </>
  );
}
