import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from '../../../../contracts/zod';
import { agentnetOps, type DeliveryPatch, type JoinRequest, type PolicyPatch, type ProfilePatch, type SubnetCreate } from '../../../../contracts/agentnet';
import * as agentnetRoutes from '../../../../contracts/bff-routes/agentnet';
import { bff } from '../../../lib/bff';
import { callOperation } from '../../../lib/operation';
import { agentKeys } from './query-keys';
import { shellQueries } from './shell-queries';
import type { ActAs } from './service';

/** Writes are sent once: never retried. Keys of answers that carry a secret are listed so they can be purged. */
export const secretMutationKeys = {
  join: () => [...agentKeys.all(), 'join'] as const,
  rotate: (agentId: string) => [...agentKeys.all(), 'rotate-key', agentId] as const,
};

/** Forgets every finished mutation under `key`: the key it answered leaves React Query's cache. */
export function purgeMutations(qc: QueryClient, key: readonly unknown[]) {
  const cache = qc.getMutationCache();
  for (const m of cache.findAll({ mutationKey: key })) cache.remove(m);
}

const ops = agentnetOps;

/**
 * Join: the one answer with the agent's key (the BFF keeps it as it passes). Like every request
 * made while acting, it carries the acting agent (join itself reads no credential).
 */
export function useJoinAgent(actAs: ActAs) {
  return useMutation({
    mutationKey: secretMutationKeys.join(),
    mutationFn: (body: JoinRequest) => callOperation(ops.join, { body, actAs }),
    retry: false,
    // The answer holds the key: drop it from the cache as soon as nothing shows it.
    gcTime: 0,
    meta: { invalidates: [shellQueries.identities().queryKey, agentKeys.agents()] },
  });
}

/** The acting agent's own settings; `actAs` is the agent itself. */
export function useAgentSettings(agentId: string) {
  const opts = { actAs: agentId as ActAs };
  const done = { invalidates: [agentKeys.agents()] };
  const profile = useMutation({
    mutationFn: (body: z.output<typeof ProfilePatch>) => callOperation(ops['agents.profile'], { params: { id: agentId }, body, ...opts }),
    retry: false,
    meta: { invalidates: [agentKeys.agents(), shellQueries.identities().queryKey] },
  });
  const endpoint = useMutation({
    mutationFn: (endpoint: string | null) => callOperation(ops['agents.endpoint'], { params: { id: agentId }, body: { endpoint }, ...opts }),
    retry: false,
    meta: done,
  });
  const policy = useMutation({
    mutationFn: (body: z.output<typeof PolicyPatch>) => callOperation(ops['agents.policy'], { params: { id: agentId }, body, ...opts }),
    retry: false,
    meta: done,
  });
  const delivery = useMutation({
    mutationFn: (body: z.output<typeof DeliveryPatch>) => callOperation(ops['agents.delivery.set'], { params: { id: agentId }, body, ...opts }),
    retry: false,
    meta: done,
  });
  const heartbeat = useMutation({
    mutationFn: () => callOperation(ops['agents.heartbeat'], { params: { id: agentId }, body: {}, ...opts }),
    retry: false,
    meta: done,
  });
  return { profile, endpoint, policy, delivery, heartbeat };
}

/** Rotates the key: the new one is answered once; the old one stops working at once. */
export function useRotateKey(agentId: string) {
  return useMutation({
    mutationKey: secretMutationKeys.rotate(agentId),
    mutationFn: () => callOperation(ops['agents.rotateKey'], { params: { id: agentId }, body: {}, actAs: agentId }),
    retry: false,
    gcTime: 0,
    meta: { invalidates: [shellQueries.identities().queryKey] },
  });
}

export function useDeletionRequest(agentId: string, onDeleted: () => void) {
  const qc = useQueryClient();
  // Set once the agent is deleted: its own reads would only fail now, so they are not read again.
  const gone = useRef(false);
  const lists = [agentKeys.agentLists(), shellQueries.identities().queryKey, agentKeys.subnets()];
  const request = useMutation({
    mutationFn: () => callOperation(ops['agents.deletion.request'], { params: { id: agentId }, body: {}, actAs: agentId }),
    retry: false,
    meta: { invalidates: [...lists, { queryKey: agentKeys.agent(agentId), predicate: () => !gone.current }] },
    onSuccess: (r) => {
      if (r.status !== 'deleted') return;
      // First let the page stop reading the agent, then the rest is refreshed (the rule after a write).
      gone.current = true;
      onDeleted();
      qc.removeQueries({ queryKey: agentKeys.agent(agentId), type: 'inactive' });
    },
  });
  const cancel = useMutation({
    mutationFn: () => callOperation(ops['agents.deletion.cancel'], { params: { id: agentId }, actAs: agentId }),
    retry: false,
    meta: { invalidates: [...lists, agentKeys.agent(agentId)] },
  });
  return { request, cancel };
}

/** The console forgets its key for an agent (the agent itself is untouched). */
export function useForgetIdentity() {
  return useMutation({
    mutationFn: (agentId: string) => bff(agentnetRoutes.forgetIdentity, { params: { agentId } }),
    retry: false,
    meta: { invalidates: [shellQueries.identities().queryKey] },
  });
}

export function useCreateSubnet(actAs: ActAs) {
  return useMutation({
    mutationFn: (body: SubnetCreate) => callOperation(ops['subnets.create'], { body, actAs }),
    retry: false,
    meta: { invalidates: [agentKeys.subnets(), ...(actAs ? [agentKeys.agent(actAs)] : [])] },
  });
}

/** Joining, leaving and withdrawing, as the acting agent. */
export function useSubnetMembership(subnetId: string, actAs: ActAs) {
  const refresh = { invalidates: [agentKeys.subnets(), ...(actAs ? [agentKeys.agent(actAs)] : [])] };
  const member = { id: actAs ?? '', sid: subnetId };
  const join = useMutation({
    mutationFn: (note: string) => callOperation(ops['subnets.join'], { params: member, body: note ? { note } : {}, actAs }),
    retry: false,
    meta: refresh,
  });
  const leave = useMutation({
    mutationFn: () => callOperation(ops['subnets.leave'], { params: member, actAs }),
    retry: false,
    meta: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (requestId: string) => callOperation(ops['subnets.joinRequests.withdraw'], { params: { sid: subnetId, rid: requestId }, actAs }),
    retry: false,
    meta: refresh,
  });
  return { join, leave, withdraw };
}

/** The owner approves or rejects a join request. */
export function useDecideJoinRequest(subnetId: string, actAs: ActAs) {
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: string; decision: 'approve' | 'reject' }) =>
      callOperation(ops[decision === 'approve' ? 'subnets.joinRequests.approve' : 'subnets.joinRequests.reject'], { params: { sid: subnetId, rid: requestId }, body: {}, actAs }),
    retry: false,
    meta: { invalidates: [agentKeys.subnet(subnetId), agentKeys.subnets()] },
  });
}

/** The owner deletes a subnet (its children first: the service refuses a subnet that has any). */
export function useDeleteSubnet(subnetId: string, actAs: ActAs) {
  const qc = useQueryClient();
  const own = agentKeys.subnet(subnetId);
  const isOwn = (q: { queryKey: readonly unknown[] }) => own.every((k, i) => q.queryKey[i] === k);
  return useMutation({
    mutationFn: () => callOperation(ops['subnets.delete'], { params: { sid: subnetId }, actAs }),
    retry: false,
    // Its own reads would only fail now: every other subnet read and the agents are read again.
    meta: { invalidates: [{ queryKey: agentKeys.subnets(), predicate: (q) => !isOwn(q) }, agentKeys.agents()] },
    // Its reads no page shows go. (A page still showing the subnet drops them once it has moved on: forgetSubnet.)
    onSuccess: () => qc.removeQueries({ queryKey: own, type: 'inactive' }),
  });
}

/** After a page showing a deleted subnet has moved on, its cached reads go (a later visit reads it anew). */
export function forgetSubnet(qc: QueryClient, subnetId: string) {
  qc.removeQueries({ queryKey: agentKeys.subnet(subnetId) });
}
