import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../../components/ui/badge';
import { Panel } from '../../../../components/ui/card';
import { ListLoading } from '../../../../components/ui/list-states';
import { historyQuery } from '../../api/network';
import { taskTone } from '../../network-view';
import { PagedList } from './bits';
import { TaskCard } from './task-board';

/** The tasks an agent created or worked on, 20 at a time. */
export function TaskHistory({ agentId, name }: { agentId: string; name: string }) {
  const q = useQuery(historyQuery(agentId));
  return (
    <Panel title={`History of ${name}`} flush>
      {q.isPending ? (
        <ListLoading label="Loading the history" />
      ) : (
        <PagedList
          items={q.data ?? []}
          label="Task history"
          noun="tasks"
          empty="No tasks yet."
          getKey={(t) => t.id}
          render={(t) => (
            <div className="flex items-start justify-between gap-2 p-2">
              <div className="min-w-0 flex-1">
                <TaskCard task={t} />
              </div>
              <Badge tone={taskTone(t.status)}>{t.status.replace(/_/g, ' ')}</Badge>
            </div>
          )}
        />
      )}
    </Panel>
  );
}
