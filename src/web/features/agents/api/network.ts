import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { agentnetOps } from '../../../../contracts/agentnet';
import * as agentnetRoutes from '../../../../contracts/bff-routes/agentnet';
import type { Operation } from '../../../../contracts/routes';
import { bff } from '../../../lib/bff';
import { callOperation, type OperationCall } from '../../../lib/operation';
import type { Invalidates } from '../../../lib/query-client';
import { agentKeys } from './query-keys';
import type { ActAs } from './service';

/**
 * Reads and writes of the network pages (orgs and work, task pool, messages, payments, subnet
 * events, A2A check), all called from the route table with `callOperation`. Lists are paged.
 */

export const NET_PAGE = 20;
const ops = agentnetOps;

/** One page of an offset-paged list: next offset while a full page came back. */
const page = <T>(items: T[], offset: number, total?: number) => {
  const hasNext = total !== undefined ? offset + items.length < total && items.length > 0 : items.length === NET_PAGE;
  return { items, hasNext, next: hasNext ? offset + items.length : null };
};

export const netQueries = {
  orgs: (actAs: ActAs) => queryOptions({ queryKey: [...agentKeys.orgs(), 'list', actAs] as const, queryFn: ({ signal }) => callOperation(ops['orgs.list'], { actAs, signal }).then((r) => r.orgs) }),
  org: (oid: string, actAs: ActAs) => queryOptions({ queryKey: [...agentKeys.org(oid), 'details', actAs] as const, queryFn: ({ signal }) => callOperation(ops['orgs.get'], { params: { oid }, actAs, signal }) }),
  orgMembers: (oid: string, actAs: ActAs) =>
    queryOptions({ queryKey: [...agentKeys.org(oid), 'members', actAs] as const, queryFn: ({ signal }) => callOperation(ops['orgs.members'], { params: { oid }, actAs, signal }).then((r) => r.members) }),
  orgWork: (oid: string, openOnly: boolean, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.org(oid), 'work', openOnly, actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['orgs.work.list'], { params: { oid }, query: openOnly ? { open_only: 'true' } : {}, actAs, signal }).then((r) => r.work),
    }),
  orgWallet: (oid: string, actAs: ActAs) =>
    queryOptions({ queryKey: [...agentKeys.org(oid), 'wallet', actAs] as const, queryFn: ({ signal }) => callOperation(ops['orgs.wallet'], { params: { oid }, actAs, signal }), retry: false }),

  tasks: (status: string, filters: { org?: string; tags?: string }, actAs: ActAs) =>
    infiniteQueryOptions({
      queryKey: [...agentKeys.tasks(), 'list', status, filters, actAs] as const,
      queryFn: ({ signal, pageParam }) =>
        callOperation(ops['tasks.list'], { query: { status, limit: NET_PAGE, offset: pageParam, ...(filters.org ? { org_id: filters.org } : {}), ...(filters.tags ? { tags: filters.tags } : {}) }, actAs, signal }).then((r) =>
          page(r.tasks, pageParam, r.hasMore ? undefined : pageParam + r.tasks.length),
        ),
      initialPageParam: 0,
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  task: (tid: string, actAs: ActAs) => queryOptions({ queryKey: [...agentKeys.task(tid), 'details', actAs] as const, queryFn: ({ signal }) => callOperation(ops['tasks.get'], { params: { tid }, actAs, signal }) }),
  participations: (tid: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.task(tid), 'participations', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['tasks.participations'], { params: { tid }, actAs, signal }).then((r) => r.participations),
    }),

  inbox: (agentId: string, status: string) =>
    infiniteQueryOptions({
      queryKey: [...agentKeys.inbox(agentId), status] as const,
      queryFn: ({ signal, pageParam }) =>
        callOperation(ops['inbox.list'], { params: { id: agentId }, query: { limit: NET_PAGE, offset: pageParam, ...(status !== 'all' ? { status } : {}) }, actAs: agentId, signal }).then((r) =>
          page(r.messages, pageParam, r.total),
        ),
      initialPageParam: 0,
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  manifest: (agentId: string) =>
    queryOptions({ queryKey: [...agentKeys.inbox(agentId), 'manifest'] as const, queryFn: ({ signal }) => callOperation(ops['manifest.list'], { params: { id: agentId }, query: { limit: 100 }, actAs: agentId, signal }).then((r) => r.entries) }),
  sessions: (agentId: string) =>
    queryOptions({ queryKey: [...agentKeys.inbox(agentId), 'sessions'] as const, queryFn: ({ signal }) => callOperation(ops['sessions.pending'], { actAs: agentId, signal }).then((r) => r.sessions) }),

  payments: (agentId: string) =>
    infiniteQueryOptions({
      queryKey: [...agentKeys.payments(agentId), 'pages'] as const,
      queryFn: ({ signal, pageParam }) =>
        callOperation(ops['payments.list'], { params: { id: agentId }, query: { limit: NET_PAGE, offset: pageParam }, actAs: agentId, signal }).then((r) => page(r.tasks, pageParam)),
      initialPageParam: 0,
      getNextPageParam: (last) => last.next ?? undefined,
    }),
  /** One payment as the service has it now (status, transaction hash), read as its buyer or seller. */
  payment: (tid: string, actAs: string) =>
    queryOptions({ queryKey: [...agentKeys.payments(actAs), 'by-id', tid] as const, queryFn: ({ signal }) => callOperation(ops['payments.get'], { params: { tid }, actAs, signal }) }),
  /** The payments the console made for a pool task (its own record), newest first. */
  taskPayments: (taskId: string) =>
    queryOptions({ queryKey: [...agentKeys.task(taskId), 'payments'] as const, queryFn: ({ signal }) => bff(agentnetRoutes.taskPayments, { params: { taskId }, signal }).then((r) => r.payments) }),
  /** The last 1,000 payments for the chart. */
  paymentsForChart: (agentId: string) =>
    queryOptions({ queryKey: [...agentKeys.payments(agentId), 'chart'] as const, queryFn: ({ signal }) => callOperation(ops['payments.list'], { params: { id: agentId }, query: { limit: 1000 }, actAs: agentId, signal }).then((r) => r.tasks) }),
  wallet: (agentId: string) =>
    queryOptions({ queryKey: [...agentKeys.payments(agentId), 'wallet'] as const, queryFn: ({ signal }) => callOperation(ops['wallet.info'], { params: { id: agentId }, actAs: agentId, signal }) }),

  hooks: () => queryOptions({ queryKey: [...agentKeys.hooks(), 'receivers'] as const, queryFn: ({ signal }) => bff(agentnetRoutes.hooks, { signal }).then((r) => r.hooks) }),
  hookEvents: (event: string) =>
    infiniteQueryOptions({
      queryKey: [...agentKeys.hooks(), 'events', event] as const,
      queryFn: ({ signal, pageParam }) =>
        bff(agentnetRoutes.hookEvents, { query: { limit: NET_PAGE, event, before: pageParam || undefined }, signal }).then((r) => ({
          items: r.deliveries,
          hasNext: r.deliveries.length === NET_PAGE,
          next: r.deliveries.length === NET_PAGE ? (r.deliveries.at(-1)?.id ?? null) : null,
        })),
      initialPageParam: 0,
      getNextPageParam: (last) => last.next ?? undefined,
    }),
};

/**
 * A write of the route table as `actAs`, sent once (never retried); once it settles, the rule after
 * every write (lib/query-client.ts) reads `refresh` again. The body is checked with the
 * operation's schema first: a refused body is never sent.
 */
export function useOpWrite<O extends Operation>(op: O, actAs: ActAs, refresh: Invalidates) {
  return useMutation({
    mutationFn: (call: Omit<OperationCall, 'actAs'>) => callOperation(op, { ...call, actAs }),
    retry: false,
    meta: { invalidates: refresh },
  });
}

export const outboundQuery = () =>
  queryOptions({ queryKey: [...agentKeys.all(), 'outbound'] as const, queryFn: ({ signal }) => bff(agentnetRoutes.outbound, { signal }) });

export const historyQuery = (agentId: string) =>
  queryOptions({
    queryKey: [...agentKeys.tasks(), 'history', agentId] as const,
    queryFn: ({ signal }) => callOperation(agentnetOps['tasks.history'], { params: { id: agentId }, query: { limit: 200 }, actAs: agentId, signal }).then((r) => r.items),
  });

export const followsQuery = (agentId: string, which: 'following' | 'followers') =>
  queryOptions({
    queryKey: [...agentKeys.inbox(agentId), 'follows', which] as const,
    queryFn: ({ signal }) => callOperation(agentnetOps[which === 'following' ? 'follows.list' : 'follows.followers'], { params: { id: agentId }, query: { limit: 500 }, actAs: agentId, signal }).then((r) => r.agents),
  });

export const allowlistQuery = (agentId: string) =>
  queryOptions({
    queryKey: [...agentKeys.inbox(agentId), 'allowlist'] as const,
    queryFn: ({ signal }) => callOperation(agentnetOps['agents.allowlist'], { params: { id: agentId }, query: { limit: 500 }, actAs: agentId, signal }).then((r) => r.entries),
  });
export const policyQuery = (agentId: string) =>
  queryOptions({ queryKey: [...agentKeys.inbox(agentId), 'policy'] as const, queryFn: ({ signal }) => callOperation(agentnetOps['agents.policy.get'], { params: { id: agentId }, actAs: agentId, signal }) });
