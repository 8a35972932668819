import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveEvent } from '../../../../contracts/bff';
import { invalidateAfterEvent, useLiveEvent } from '../../../lib/live';
import { socialBalance, socialKeys } from '../api/credits';
import { wfKeys } from '../api/workflow-keys';

/**
 * Keeps the social caches current from the live event stream, on every page (mounted in the
 * shell): the balance; the jobs, the console's record of them and the schedules when the BFF
 * announces a job or schedule (the notice itself is shown by the shell's notice area); the events
 * and delivery logs when the receiver got a delivery; everything after a reconnect.
 */
export function useSocialLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'balance' && event.service === 'social') {
        qc.setQueryData(socialBalance().queryKey, (old) => (old ? { ...old, balance: event.balance } : old));
      } else if (event.type === 'notice' && event.service === 'social') {
        for (const key of [wfKeys.jobs(), wfKeys.tracked(), wfKeys.schedules()]) void invalidateAfterEvent(qc, { queryKey: key });
      } else if (event.type === 'social.delivery') {
        for (const key of [wfKeys.events(), wfKeys.webhooks()]) void invalidateAfterEvent(qc, { queryKey: key });
      } else if (event.type === 'hello' || event.type === 'connections') {
        void invalidateAfterEvent(qc, { queryKey: socialKeys.balance() });
        if (event.type === 'hello') void invalidateAfterEvent(qc, { queryKey: wfKeys.all() });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
}
