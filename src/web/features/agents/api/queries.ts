import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { agentnetOps } from '../../../../contracts/agentnet';
import { callOperation } from '../../../lib/operation';
import { agentKeys } from './query-keys';
import { shellQueries } from './shell-queries';
import type { ActAs } from './service';

export type AgentStatusFilter = 'online' | 'offline' | 'all';
export type DirectoryFilters = { tag?: string; name?: string; status?: AgentStatusFilter };
export type SubnetScope = 'all' | 'mine' | 'public';

export const PAGE_SIZE = 50;
const ops = agentnetOps;

/** The directory's query: the filters set, a page from `offset`. */
const directoryQuery = (f: DirectoryFilters, offset: number) => ({ tag: f.tag, name: f.name, status: f.status ?? 'online', limit: PAGE_SIZE, offset });

/**
 * Query keys and options of the agent network: all → agents → list(filters) / agent(id) →
 * details, profile, delivery, subnets; all → subnets → list(scope) / subnet(id) → details,
 * members, children, join requests. Each key ends with the acting agent (what a caller may see
 * differs, and the request carries it), so prefixes invalidate for every caller at once.
 */
export const agentQueries = {
  ...agentKeys,
  ...shellQueries,
  list: (filters: DirectoryFilters, actAs: ActAs) =>
    infiniteQueryOptions({
      queryKey: [...agentKeys.agents(), 'list', filters, actAs] as const,
      queryFn: ({ signal, pageParam }) =>
        callOperation(ops['agents.list'], { query: directoryQuery(filters, pageParam), signal, actAs }).then((l) => ({
          items: l.agents,
          total: l.total,
          next: l.offset + l.agents.length < l.total && l.agents.length > 0 ? l.offset + l.agents.length : null,
          hasNext: l.offset + l.agents.length < l.total && l.agents.length > 0,
        })),
      initialPageParam: 0,
      getNextPageParam: (last) => last.next ?? undefined,
      placeholderData: keepPreviousData,
    }),
  detail: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'details', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['agents.get'], { params: { id: agentId }, signal, actAs }),
    }),
  profile: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'profile', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['agents.communicationProfile'], { params: { id: agentId }, signal, actAs }),
    }),
  delivery: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'delivery', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['agents.delivery.get'], { params: { id: agentId }, signal, actAs }),
    }),
  agentSubnets: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'subnets', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['agents.subnets'], { params: { id: agentId }, signal, actAs }).then((l) => l.subnets),
    }),
  subnetList: (scope: SubnetScope, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnets(), 'list', scope, actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['subnets.list'], { query: { scope }, signal, actAs }).then((l) => l.subnets),
    }),
  subnet: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'details', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['subnets.get'], { params: { sid: subnetId }, signal, actAs }),
    }),
  members: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'members', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['subnets.agents'], { params: { sid: subnetId }, signal, actAs }),
    }),
  children: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'children', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['subnets.children'], { params: { sid: subnetId }, signal, actAs }).then((l) => l.subnets),
    }),
  joinRequests: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'join-requests', actAs] as const,
      queryFn: ({ signal }) => callOperation(ops['subnets.joinRequests'], { params: { sid: subnetId }, signal, actAs }),
    }),
};
