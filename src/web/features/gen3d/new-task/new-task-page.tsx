import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { PageHeader } from '../../../components/shell/shell';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/card';
import { ChoiceGroup } from '../../../components/ui/choices';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { gen3dQueries } from '../api/queries';
import { chainSourceOf, refusalFor, signedModelUrl, viaFor } from '../chain/chain-rules';
import { typeLabel } from '../task-view';
import { useTaskFaces } from '../chain/use-task-faces';
import { readArchivedModel } from './files';
import { kindForms } from './kind-forms';
import { kindGroups, kindOf, kinds, productLabel, products, type KindType, type Product } from './kinds';
import { TaskForm } from './task-form';

/** The archived model of the chained task, when the operation takes it only as model_url (and no signed URL is valid). */
function useChainedFile(task: LedgerTask | null, type: KindType) {
  const needed = !!task && kindOf(type).modelSource && viaFor(type, chainSourceOf(task)) === 'model_url';
  const now = useNow();
  const signed = task && needed ? signedModelUrl(task, now) : null;
  const url = task?.task.model_urls.glb ?? task?.task.model_urls.obj ?? task?.task.model_urls.stl ?? null;
  const file = useQuery({
    queryKey: ['gen3d', 'archived-model', url] as const,
    queryFn: ({ signal }) => readArchivedModel(url as string, `${task?.id.slice(0, 8)}.${url?.split('.').pop() ?? 'glb'}`, signal),
    enabled: needed && !signed && !!url,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  return { needed: needed && !signed, signed, file };
}

/** `/3d/new`: every task type, by group. */
export function NewTaskIndex() {
  return (
    <>
      <PageHeader title="New 3D task" description="Every operation of the 3D service. Each form is checked before anything is sent and shows its price." actions={<Link to="/3d" className="text-sm whitespace-nowrap text-accent hover:underline">← All tasks</Link>} />
      <div className="grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 sm:gap-6 sm:p-6 xl:grid-cols-3">
        <Panel title="Text to 3D">
          <p className="text-sm">
            Previews and refines are queued from the <Link to="/3d" className="font-medium text-accent underline">3D tasks page</Link>; a succeeded preview offers its refine.
          </p>
        </Panel>
        {kindGroups.map((g) => (
          <Panel key={g} title={g}>
            <ul className="flex flex-col gap-3">
              {kinds
                .filter((k) => k.group === g)
                .map((k) => (
                  <li key={k.type} className="flex flex-col">
                    <Link to="/3d/new/$kind" params={{ kind: k.slug }} className="font-medium text-accent hover:underline">
                      {k.label}
                    </Link>
                    <span className="text-sm text-muted">{k.summary}</span>
                  </li>
                ))}
            </ul>
          </Panel>
        ))}
      </div>
    </>
  );
}

/** `/3d/new/{kind}`: the kind's form; `from` chains it from a task, `product` picks the product. */
export function NewTaskPage({ type, from, product: asked, onProduct }: { type: KindType; from: LedgerTask | null; product: Product | undefined; onProduct: (p: Product) => void }) {
  const kind = kindOf(type);
  // The ledger's newest tasks (the queue's first pages): a task id typed in is checked against them; others are the service's to judge.
  const tasks = useInfiniteQuery(gen3dQueries.pages({}));
  const fromProduct = from ? chainSourceOf(from).product : null;
  const product = asked ?? fromProduct ?? 'figure';
  const { faces, reading } = useTaskFaces(from);
  const chained = useChainedFile(from, type);
  const ready = !chained.needed || chained.file.isSuccess;
  const productKind = kind.perProduct;
  // Said at once, not only on submit: what the document forbids of the chained task.
  const source = from ? chainSourceOf(from, faces) : null;
  const refused = source && type !== 'creative-lab-prototype' && type !== 'text-to-image' && type !== 'image-to-image' ? refusalFor(type, source, viaFor(type, source), product) : null;
  return (
    <>
      <PageHeader title={kind.label} description={kind.summary} actions={<Link to="/3d/new" className="text-sm whitespace-nowrap text-accent hover:underline">← All task types</Link>} />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 lg:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
        <Panel title={`New task: ${kind.label}`} className="min-w-0" bodyClassName="flex flex-col gap-4">
          {from ? (
            <p className="text-sm">
              From{' '}
              <Link to="/3d/tasks/$taskId" params={{ taskId: from.id }} className="font-medium text-accent hover:underline">
                {typeLabel(from.task.type)} {from.id.slice(0, 8)}
              </Link>
              {faces !== null ? ` · ${faces.toLocaleString('en')} faces` : reading ? ' · reading its face count…' : ''}
            </p>
          ) : null}
          {refused ? (
            <Alert tone="warning" title="Not possible from this task">
              {refused}
            </Alert>
          ) : null}
          {productKind ? (
            <ChoiceGroup legend="Product" inline value={product} onChange={onProduct} options={products.map((p) => ({ value: p, label: productLabel[p] }))} />
          ) : null}
          {chained.needed && chained.file.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner label="Reading the model" /> Reading the model from the archive: it is sent as a data URI…
            </p>
          ) : null}
          {chained.needed && chained.file.isError ? <Alert title="The model could not be read">{errorMessage(chained.file.error)}</Alert> : null}
          {ready ? (
            <TaskForm
              key={`${type}:${product}:${from?.id ?? ''}:${faces ?? ''}`}
              kind={kind}
              spec={kindForms[type]}
              ctx={{ product, from, fromFaces: faces, fromFile: chained.file.data ?? null, fromSignedUrl: chained.signed, tasks: tasks.data?.pages.flatMap((p) => p.tasks) ?? [] }}
            />
          ) : null}
        </Panel>
        <aside className="flex max-w-prose flex-col gap-2 text-sm text-muted" aria-label="Other task types">
          <h2 className="text-base font-semibold text-fg">Other task types</h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {kinds
              .filter((k) => k.type !== type)
              .map((k) => (
                <li key={k.type}>
                  <Link to="/3d/new/$kind" params={{ kind: k.slug }} className="text-accent hover:underline">
                    {k.label}
                  </Link>
                </li>
              ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
