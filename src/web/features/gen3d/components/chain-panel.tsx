import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { priceWords } from '../../../../contracts/routes';
import { Panel } from '../../../components/ui/card';
import { lineageQuery } from '../api/history';
import { useNow } from '../../../lib/use-now';
import { chainOffers, chainSourceOf, type ChainOffer } from '../chain/chain-rules';
import { useTaskFaces } from '../chain/use-task-faces';
import { kindOf, kindPrice, productLabel } from '../new-task/kinds';
import { filesExpired } from '../../../../contracts/gen3d/viewable-model';
import { typeLabel } from '../task-view';
import { StatusBadge } from './task-status';

const offerLabel = (o: ChainOffer) => (o.product ? `${productLabel[o.product]} build` : kindOf(o.type).label);
const offerPrice = (o: ChainOffer) => {
  const p = kindPrice(kindOf(o.type).op(o.product ?? 'figure'), {});
  return p && p.max > 0 ? priceWords(p, 'credits') : 'free';
};

function TaskLink({ t }: { t: LedgerTask }) {
  return (
    <li className="flex min-w-0 items-center justify-between gap-2 text-sm">
      <Link to="/3d/tasks/$taskId" params={{ taskId: t.id }} className="truncate font-medium text-accent hover:underline" title={t.id}>
        {typeLabel(t.task.type)} {t.id.slice(0, 8)}
      </Link>
      <StatusBadge status={t.task.status} />
    </li>
  );
}

/** The task's sources (nearest first) and the tasks made from it. */
function TaskLineage({ task }: { task: LedgerTask }) {
  // Kept current by the live hook: a task made from this one, or one that changes state, renews it.
  const lineage = useQuery(lineageQuery(task.id));
  const sources = lineage.data?.sources ?? [];
  const derived = lineage.data?.derived ?? [];
  if (sources.length + derived.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {sources.length ? (
        <section aria-label="Made from" className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">Made from</h3>
          <ul className="flex flex-col gap-1">{sources.map((t) => <TaskLink key={t.id} t={t} />)}</ul>
        </section>
      ) : null}
      {derived.length ? (
        <section aria-label="Made from this task" className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">Made from this task</h3>
          <ul className="flex flex-col gap-1">{derived.map((t) => <TaskLink key={t.id} t={t} />)}</ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * What can be made from this task: exactly the operations that take it (the task filled in), and
 * those the document forbids with the reason, before anything is sent. Also the task's lineage.
 */
export function ChainPanel({ task }: { task: LedgerTask }) {
  const now = useNow();
  const usable = task.task.status === 'SUCCEEDED' && !filesExpired(task, now);
  const { faces, reading } = useTaskFaces(usable ? task : null);
  const offers = usable ? chainOffers(chainSourceOf(task, faces)) : [];
  const open = offers.filter((o) => !o.refusal);
  const refused = offers.filter((o) => o.refusal);
  return (
    <Panel title="Continue from this task" bodyClassName="flex flex-col gap-4">
      {offers.length === 0 ? (
        <p className="text-sm text-muted">
          {task.task.status !== 'SUCCEEDED' ? 'Operations open once the task has succeeded.' : usable ? 'No operation of the service takes this kind of task.' : 'The service has deleted its files: nothing can be made from it there.'}
        </p>
      ) : null}
      {open.length ? (
        <ul className="flex flex-col gap-2" aria-label="Operations that take this task">
          {open.map((o) => (
            <li key={`${o.type}${o.product ?? ''}`} className="flex min-w-0 flex-col">
              <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                <Link to="/3d/new/$kind" params={{ kind: kindOf(o.type).slug }} search={{ from: task.id, ...(o.product ? { product: o.product } : {}) }} className="font-medium text-accent hover:underline">
                  {offerLabel(o)}
                </Link>
                <span className="text-xs text-muted">{offerPrice(o)}</span>
              </span>
              {o.note ? <span className="text-xs text-muted">{o.note}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length ? (
        <section aria-label="Not possible from this task" className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">Not possible from this task</h3>
          <ul className="flex flex-col gap-2">
            {refused.map((o) => (
              <li key={`${o.type}${o.product ?? ''}`} className="flex flex-col text-sm">
                <span className="font-medium text-muted">{offerLabel(o)}</span>
                <span className="text-xs">{o.refusal}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reading ? <p className="text-xs text-muted" role="status">Reading the face count from the archived model…</p> : null}
      <TaskLineage task={task} />
    </Panel>
  );
}
