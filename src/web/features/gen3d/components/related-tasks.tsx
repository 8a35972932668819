import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { gen3dQueries } from '../api/queries';
import { StatusBadge } from './task-status';
import { typeLabel } from '../task-view';

/** The preview a refine came from, and the refines made from a preview. */
export function RelatedTasks({ task }: { task: LedgerTask }) {
  const tasks = useQuery(gen3dQueries.tasks());
  const children = (tasks.data ?? []).filter((t) => t.parentId === task.id);
  const parent = task.parentId ? (tasks.data ?? []).find((t) => t.id === task.parentId) : undefined;
  const rows = [...(parent ? [{ t: parent, rel: 'Made from' }] : []), ...children.map((t) => ({ t, rel: 'Refined as' }))];
  if (rows.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Related tasks">
      {rows.map(({ t, rel }) => (
        <li key={t.id} className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted">{rel}</span>
          <Link to="/3d/tasks/$taskId" params={{ taskId: t.id }} className="truncate font-medium text-accent hover:underline" title={t.id}>
            {typeLabel(t.task.type)} {t.id.slice(0, 8)}
          </Link>
          <StatusBadge status={t.task.status} />
        </li>
      ))}
    </ul>
  );
}
