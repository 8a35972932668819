import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveEvent } from '../../../../contracts/bff';
import { invalidateAfterEvent, useLiveEvent } from '../../../lib/live';
import { agentKeys } from '../api/query-keys';
import { shellQueries } from '../api/shell-queries';

/**
 * Keeps the agent caches current: identities change when an agent joins, rotates, is deleted or
 * forgotten in any tab; an agent's inbox is read again as soon as something arrives for it.
 */
export function useAgentsLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'identities') {
        // An agent joined, was renamed, rotated, deleted or forgotten. One agent's own reads are
        // left alone: its page refreshes them itself, and a deleted agent's would only fail.
        void invalidateAfterEvent(qc, { queryKey: shellQueries.identities().queryKey });
        void invalidateAfterEvent(qc, agentKeys.agentLists());
      } else if (event.type === 'agentnet-message') {
        // Something arrived for these agents: their inbox, notifications and sessions, read now
        // (a first read still in flight may have been answered before it arrived: read again).
        for (const id of event.agentIds) void invalidateAfterEvent(qc, { queryKey: agentKeys.inbox(id) });
      } else if (event.type === 'hello' || event.type === 'connections') {
        // (Re)connected, or sandbox ↔ live: anything may have changed.
        void invalidateAfterEvent(qc, { queryKey: agentKeys.all() });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
}
