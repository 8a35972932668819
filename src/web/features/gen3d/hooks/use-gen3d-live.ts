import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LedgerTask, LiveEvent } from '../../../../contracts/bff';
import { useLiveEvent } from '../../../lib/live';
import { gen3dQueries } from '../api/queries';

const newestFirst = (a: LedgerTask, b: LedgerTask) => b.createdAt - a.createdAt;

/** Keeps the 3D caches current from the live event stream, in every open tab. */
export function useGen3dLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'hello') {
        // (Re)connected: anything may have changed while the stream was down.
        void qc.invalidateQueries({ queryKey: gen3dQueries.all() });
      } else if (event.type === 'task') {
        const task = event.task;
        qc.setQueryData(gen3dQueries.task(task.id).queryKey, task);
        qc.setQueryData(gen3dQueries.tasks().queryKey, (list) => {
          if (!list) return list;
          const rest = list.filter((t) => t.id !== task.id);
          return [task, ...rest].sort(newestFirst);
        });
      } else if (event.type === 'balance' && event.service === 'gen3d') {
        qc.setQueryData(gen3dQueries.balance().queryKey, event.balance);
        void qc.invalidateQueries({ queryKey: gen3dQueries.balanceHistory().queryKey });
      } else if (event.type === 'connections') {
        void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
        void qc.invalidateQueries({ queryKey: gen3dQueries.balanceHistory().queryKey });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
}
