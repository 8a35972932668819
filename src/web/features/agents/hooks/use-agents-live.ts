import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveEvent } from '../../../../contracts/bff';
import { useLiveEvent } from '../../../lib/live';
import { agentnetKeys } from '../api/keys';

/** Keeps the agent caches current: identities change when an agent joins, rotates, is deleted or forgotten in any tab. */
export function useAgentsLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'identities') {
        // An agent joined, was renamed, rotated, deleted or forgotten. One agent's own reads are
        // left alone: its page refreshes them itself, and a deleted agent's would only fail.
        void qc.invalidateQueries({ queryKey: agentnetKeys.identities().queryKey });
        void qc.invalidateQueries(agentnetKeys.agentLists());
      } else if (event.type === 'hello' || event.type === 'connections') {
        // (Re)connected, or sandbox ↔ live: anything may have changed.
        void qc.invalidateQueries({ queryKey: agentnetKeys.all() });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
}
