import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Subnet } from '../../../../contracts/agentnet';
import { rememberRequest, sentRequest, type SentRequest } from '../admissions';
import { agentQueries } from '../api/queries';
import type { ActAs } from '../api/service';
import { useActing } from './use-acting';

export type Admission = {
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'unknown';
  requestId: string | null;
  at: number | null;
  decidedAt: number | null;
  /** True when the status was read from the owner's list (the console holds the owner's key). */
  fromOwner: boolean;
};

/**
 * Where the acting agent's join request to an approval subnet stands. The owner's list says it
 * (the console reads it when it holds the owner's key too); otherwise what this browser sent.
 */
export function useAdmission(subnet: Subnet, actAs: ActAs, member: boolean) {
  const { identities } = useActing();
  const [sent, setSent] = useState<SentRequest | null>(() => (actAs ? sentRequest(actAs, subnet.id) : null));
  const owner = subnet.owner && subnet.owner !== actAs && identities.some((i) => i.agentId === subnet.owner) ? subnet.owner : null;
  const list = useQuery({ ...agentQueries.joinRequests(subnet.id, owner), enabled: !!actAs && !!owner && !member && subnet.joinPolicy === 'approval' });
  const mine = (list.data ?? []).filter((r) => r.kind === 'join_request' && r.agentId === actAs).sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0];
  const remember = (request: SentRequest | null) => {
    if (actAs) rememberRequest(actAs, subnet.id, request);
    setSent(request);
  };
  let admission: Admission | null = null;
  if (mine) {
    const status = (['pending', 'approved', 'rejected', 'withdrawn'] as const).find((s) => s === mine.status) ?? 'unknown';
    admission = { status, requestId: mine.requestId, at: mine.createdAt, decidedAt: mine.decidedAt, fromOwner: true };
  } else if (sent && !member) {
    admission = { status: 'pending', requestId: sent.requestId, at: sent.at, decidedAt: null, fromOwner: false };
  }
  return { admission, remember };
}
