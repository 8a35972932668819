import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { gen3dQueries } from '../api/queries';
import { StatusBadge } from './task-status';
import { typeLabel } from '../task-view';

/** The tasks a task was made from, and the tasks made from it (the ledger's lineage). */
export function RelatedTasks({ task }: { task: LedgerTask }) {
  const lineage = useQuery(gen3dQueries.lineage(task.id));
  const data = lineage.data;
  if (!data) return null;
  const rows = [...data.sources.map((t) => ({ t, rel: 'Made from' })), ...data.derived.map((t) => ({ t, rel: 'Made into' }))];
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
