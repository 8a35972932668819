import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { LiveEvent } from '../../../../contracts/bff';
import { useLiveEvent } from '../../../lib/live';
import { socialBalance, socialKeys } from '../api/credits';

/** Keeps the social balance current from the live event stream (loaded with the first page). */
export function useSocialLive() {
  const qc = useQueryClient();
  const handler = useCallback(
    (event: LiveEvent) => {
      if (event.type === 'balance' && event.service === 'social') {
        qc.setQueryData(socialBalance().queryKey, (old) => (old ? { ...old, balance: event.balance } : old));
      } else if (event.type === 'hello' || event.type === 'connections') {
        void qc.invalidateQueries({ queryKey: socialKeys.balance() });
      }
    },
    [qc],
  );
  useLiveEvent(handler);
}
