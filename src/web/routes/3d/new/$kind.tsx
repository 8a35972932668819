import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TASK_ID, products } from '../../../../contracts/gen3d/ids';
import { z } from '../../../../contracts/zod';
import { gen3dQueries } from '../../../features/gen3d/api/queries';
import { NewTaskPage } from '../../../features/gen3d/new-task/new-task-page';
import { isKindSlug, kindBySlug } from '../../../features/gen3d/new-task/kinds';
import { ensureRecord, requireShape } from '../../../lib/loaders';

/** `?from=` chains the form from a task (filled in), `?product=` picks a product. */
const Search = z.object({
  from: z.optional(z.catch(z.string().check(z.regex(TASK_ID)), '')),
  product: z.optional(z.catch(z.enum(products), 'figure')),
});

export const Route = createFileRoute('/3d/new/$kind')({
  validateSearch: Search,
  loaderDeps: ({ search }) => ({ from: search.from }),
  loader: ({ context, params, deps }) => {
    requireShape(isKindSlug(params.kind), 'Task type', 'There is no such 3D task type.');
    return deps.from ? ensureRecord(context.queryClient, gen3dQueries.task(deps.from), 'Task') : null;
  },
  component: NewTaskRoute,
});

function NewTaskRoute() {
  const { kind } = Route.useParams();
  const { from, product } = Route.useSearch();
  const navigate = Route.useNavigate();
  const task = useQuery({ ...gen3dQueries.task(from ?? ''), enabled: !!from });
  const found = kindBySlug(kind);
  if (!found) return null;
  return <NewTaskPage type={found.type} from={from ? (task.data ?? null) : null} product={product} onProduct={(p) => void navigate({ search: (s) => ({ ...s, product: p }), replace: true })} />;
}
