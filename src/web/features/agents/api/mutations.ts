import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
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
const invalidate = (qc: QueryClient, ...keys: ReadonlyArray<readonly unknown[]>) => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));

/**
 * Join: the one answer with the agent's key (the BFF keeps it as it passes). Like every request
 * made while acting, it carries the acting agent (join itself reads no credential).
 */
export function useJoinAgent(actAs: ActAs) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: secretMutationKeys.join(),
    mutationFn: (body: JoinRequest) => callOperation(ops.join, { body, actAs }),
    retry: false,
    // The answer holds the key: drop it from the cache as soon as nothing shows it.
    gcTime: 0,
    onSuccess: () => invalidate(qc, shellQueries.identities().queryKey, agentKeys.agents()),
  });
}

/** The acting agent's own settings; `actAs` is the agent itself. */
export function useAgentSettings(agentId: string) {
  const qc = useQueryClient();
  const opts = { actAs: agentId as ActAs };
  const done = () => invalidate(qc, agentKeys.agents());
  const profile = useMutation({
    mutationFn: (body: z.output<typeof ProfilePatch>) => callOperation(ops['agents.profile'], { params: { id: agentId }, body, ...opts }),
    retry: false,
    onSuccess: () => Promise.all([done(), invalidate(qc, shellQueries.identities().queryKey)]),
  });
  const endpoint = useMutation({
    mutationFn: (endpoint: string | null) => callOperation(ops['agents.endpoint'], { params: { id: agentId }, body: { endpoint }, ...opts }),
    retry: false,
    onSuccess: done,
  });
  const policy = useMutation({
    mutationFn: (body: z.output<typeof PolicyPatch>) => callOperation(ops['agents.policy'], { params: { id: agentId }, body, ...opts }),
    retry: false,
    onSuccess: done,
  });
  const delivery = useMutation({
    mutationFn: (body: z.output<typeof DeliveryPatch>) => callOperation(ops['agents.delivery.set'], { params: { id: agentId }, body, ...opts }),
    retry: false,
    onSuccess: done,
  });
  const heartbeat = useMutation({
    mutationFn: () => callOperation(ops['agents.heartbeat'], { params: { id: agentId }, body: {}, ...opts }),
    retry: false,
    onSuccess: done,
  });
  return { profile, endpoint, policy, delivery, heartbeat };
}

/** Rotates the key: the new one is answered once; the old one stops working at once. */
export function useRotateKey(agentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: secretMutationKeys.rotate(agentId),
    mutationFn: () => callOperation(ops['agents.rotateKey'], { params: { id: agentId }, body: {}, actAs: agentId }),
    retry: false,
    gcTime: 0,
    onSuccess: () => invalidate(qc, shellQueries.identities().queryKey),
  });
}

export function useDeletionRequest(agentId: string, onDeleted: () => void) {
  const qc = useQueryClient();
  const lists = () => {
    void qc.invalidateQueries(agentKeys.agentLists());
    void invalidate(qc, shellQueries.identities().queryKey, agentKeys.subnets());
  };
  const request = useMutation({
    mutationFn: () => callOperation(ops['agents.deletion.request'], { params: { id: agentId }, body: {}, actAs: agentId }),
    retry: false,
    onSuccess: (r) => {
      if (r.status === 'deleted') {
        // First let the page stop reading the agent (its reads would only fail now), then refresh the rest.
        onDeleted();
        qc.removeQueries({ queryKey: agentKeys.agent(agentId), type: 'inactive' });
      } else {
        void invalidate(qc, agentKeys.agent(agentId));
      }
      lists();
    },
  });
  const cancel = useMutation({
    mutationFn: () => callOperation(ops['agents.deletion.cancel'], { params: { id: agentId }, actAs: agentId }),
    retry: false,
    onSuccess: () => {
      lists();
      void invalidate(qc, agentKeys.agent(agentId));
    },
  });
  return { request, cancel };
}

/** The console forgets its key for an agent (the agent itself is untouched). */
export function useForgetIdentity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string) => bff(agentnetRoutes.forgetIdentity, { params: { agentId } }),
    retry: false,
    onSuccess: () => invalidate(qc, shellQueries.identities().queryKey),
  });
}

export function useCreateSubnet(actAs: ActAs) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubnetCreate) => callOperation(ops['subnets.create'], { body, actAs }),
    retry: false,
    onSuccess: () => invalidate(qc, agentKeys.subnets(), ...(actAs ? [agentKeys.agent(actAs)] : [])),
  });
}

/** Joining, leaving and withdrawing, as the acting agent. */
export function useSubnetMembership(subnetId: string, actAs: ActAs) {
  const qc = useQueryClient();
  const refresh = () => invalidate(qc, agentKeys.subnets(), ...(actAs ? [agentKeys.agent(actAs)] : []));
  const member = { id: actAs ?? '', sid: subnetId };
  const join = useMutation({
    mutationFn: (note: string) => callOperation(ops['subnets.join'], { params: member, body: note ? { note } : {}, actAs }),
    retry: false,
    onSuccess: refresh,
  });
  const leave = useMutation({
    mutationFn: () => callOperation(ops['subnets.leave'], { params: member, actAs }),
    retry: false,
    onSuccess: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (requestId: string) => callOperation(ops['subnets.joinRequests.withdraw'], { params: { sid: subnetId, rid: requestId }, actAs }),
    retry: false,
    onSuccess: refresh,
  });
  return { join, leave, withdraw };
}

/** The owner approves or rejects a join request. */
export function useDecideJoinRequest(subnetId: string, actAs: ActAs) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: string; decision: 'approve' | 'reject' }) =>
      callOperation(ops[decision === 'approve' ? 'subnets.joinRequests.approve' : 'subnets.joinRequests.reject'], { params: { sid: subnetId, rid: requestId }, body: {}, actAs }),
    retry: false,
    onSuccess: () => invalidate(qc, agentKeys.subnet(subnetId), agentKeys.subnets()),
  });
}

/** The owner deletes a subnet (its children first: the service refuses a subnet that has any). */
export function useDeleteSubnet(actAs: ActAs) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (subnetId: string) => callOperation(ops['subnets.delete'], { params: { sid: subnetId }, actAs }),
    retry: false,
    onSuccess: (_, subnetId) => {
      // Its own reads would only fail now: those no page shows go, the rest of the lists refresh.
      // (A page still showing the subnet drops them once it has moved on: useForgetSubnet.)
      qc.removeQueries({ queryKey: agentKeys.subnet(subnetId), type: 'inactive' });
      const own = agentKeys.subnet(subnetId);
      const isOwn = (q: { queryKey: readonly unknown[] }) => own.every((k, i) => q.queryKey[i] === k);
      return Promise.all([
        qc.invalidateQueries({ queryKey: agentKeys.subnets(), predicate: (q) => !isOwn(q) }),
        qc.invalidateQueries({ queryKey: agentKeys.agents() }),
      ]);
    },
  });
}

/** After a page showing a deleted subnet has moved on, its cached reads go (a later visit reads it anew). */
export function forgetSubnet(qc: QueryClient, subnetId: string) {
  qc.removeQueries({ queryKey: agentKeys.subnet(subnetId) });
}
