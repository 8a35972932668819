import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LedgerTask, LiveEvent } from '../../../../contracts/bff';
import { invalidateAfterEvent, useLiveEvent } from '../../../lib/live';
import { announce, notifyBrowser, raiseNotice } from '../../../lib/notices';
import { applyTasks, oldestUnfinished } from '../api/apply';
import { gen3dQueries, readChanges } from '../api/queries';
import { promptOf, typeLabel } from '../task-view';

const ended = (status: string) => status === 'SUCCEEDED' || status === 'FAILED';
const running = (status: string) => status === 'PENDING' || status === 'IN_PROGRESS';

/** Last status seen of each task this tab watched, to tell the moment one finishes or fails. */
const seen = new Map<string, string>();
/** Server time of the last change applied: after a reconnect, only later changes are read. */
let since: number | null = null;

/** A notice (and a browser notification when allowed) for each task that finished or failed since it was last seen running. */
export function announceEnds(tasks: readonly LedgerTask[], raise = raiseNotice, notify = notifyBrowser) {
  for (const task of tasks) {
    const status = task.task.status;
    const before = seen.get(task.id);
    seen.set(task.id, status);
    if (!before || !running(before) || !ended(status)) continue;
    const what = `${typeLabel(task.task.type)} “${promptOf(task) ?? task.id.slice(0, 8)}”`;
    const ok = status === 'SUCCEEDED';
    const title = ok ? '3D task finished' : '3D task failed';
    const body = ok ? `${what} is ready.` : `${what} failed: ${task.task.task_error?.message ?? 'no reason given'}. Its credits are refunded.`;
    announce({ id: `task-${task.id}`, tone: ok ? 'success' : 'danger', title, body, link: { to: `/3d/tasks/${task.id}`, label: 'Open the task' } }, raise, notify);
  }
}

/** Keeps the 3D caches current from the live event stream, in every open tab: pages held are patched, never read again whole. */
export function useGen3dLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'hello') {
        // (Re)connected: read only what changed while the stream was down and patch it in. At the
        // first connection, what changed since the oldest unfinished task read before it opened.
        const from = since ?? oldestUnfinished(qc);
        since = event.serverTime;
        if (from !== null) {
          void readChanges(from).then(({ tasks, until }) => {
            since = Math.max(since ?? 0, until);
            announceEnds(tasks);
            applyTasks(qc, tasks);
          }, () => void invalidateAfterEvent(qc, { queryKey: gen3dQueries.pagesAll() }));
          void invalidateAfterEvent(qc, { queryKey: gen3dQueries.balance().queryKey });
          void invalidateAfterEvent(qc, { queryKey: gen3dQueries.summary().queryKey });
        }
      } else if (event.type === 'task') {
        const task = event.task;
        since = Math.max(since ?? 0, task.updatedAt);
        const before = seen.get(task.id);
        announceEnds([task]);
        applyTasks(qc, [task]);
        if (before !== task.task.status) {
          void invalidateAfterEvent(qc, { queryKey: gen3dQueries.summary().queryKey });
          void invalidateAfterEvent(qc, { queryKey: ['spend'] });
          if (!running(task.task.status)) void invalidateAfterEvent(qc, { queryKey: gen3dQueries.lineageKey(task.id) });
          // A task made from another (new, or changing state) shows in its source's lineage.
          if (task.parentId) void invalidateAfterEvent(qc, { queryKey: gen3dQueries.lineageKey(task.parentId) });
        }
      } else if (event.type === 'balance' && event.service === 'gen3d') {
        qc.setQueryData(gen3dQueries.balance().queryKey, event.balance);
        void invalidateAfterEvent(qc, { queryKey: gen3dQueries.balanceHistoryKey() });
      } else if (event.type === 'connections') {
        void invalidateAfterEvent(qc, { queryKey: gen3dQueries.balance().queryKey });
        void invalidateAfterEvent(qc, { queryKey: gen3dQueries.balanceHistoryKey() });
        void invalidateAfterEvent(qc, { queryKey: ['spend'] });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
}
