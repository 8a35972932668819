import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import { Select } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/card';
import { buttonClass } from '../../../components/ui/button';
import { lineageQuery } from '../api/history';
import { viewableModel } from '../../../../contracts/gen3d/viewable-model';
import { typeLabel } from '../task-view';

/** Related tasks (made from, made into) whose models can be set beside this one. */
export function comparableRelatives(task: LedgerTask, sources: LedgerTask[], derived: LedgerTask[]): { task: LedgerTask; relation: string }[] {
  const seen = new Set([task.id]);
  const out: { task: LedgerTask; relation: string }[] = [];
  for (const [list, relation] of [
    [sources, 'made from'],
    [derived, 'made into'],
  ] as const) {
    for (const t of list) {
      if (seen.has(t.id) || t.task.status !== 'SUCCEEDED' || !viewableModel(t)) continue;
      seen.add(t.id);
      out.push({ task: t, relation });
    }
  }
  return out;
}

/** On a task page: pick a task of its lineage and open both side by side. */
export function CompareChooser({ task }: { task: LedgerTask }) {
  const lineage = useQuery(lineageQuery(task.id));
  const relatives = lineage.data ? comparableRelatives(task, lineage.data.sources, lineage.data.derived) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  if (!viewableModel(task)) return null;
  const other = relatives.find((r) => r.task.id === chosen)?.task.id ?? relatives[0]?.task.id;
  return (
    <Panel title="Compare">
      {relatives.length === 0 ? (
        <p className="text-sm text-muted">
          {lineage.isPending ? 'Looking for related tasks…' : 'No related task has a model to compare with yet.'}{' '}
          <Link to="/3d/compare" search={{ a: task.id }} className="text-accent underline">
            Compare with any task
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Compare with
            <Select value={other} onChange={(e) => setChosen(e.target.value)}>
              {relatives.map(({ task: t, relation }) => (
                <option key={t.id} value={t.id}>
                  {typeLabel(t.task.type)} {t.id.slice(0, 8)} ({relation})
                </option>
              ))}
            </Select>
          </label>
          <Link to="/3d/compare" search={{ a: task.id, b: other }} className={buttonClass('primary', 'sm', 'self-start')}>
            Open side by side
          </Link>
        </div>
      )}
    </Panel>
  );
}
