import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { Agent, AgentList, AgentSubnetList, CommunicationProfile, Subnet, SubnetList } from '../../../../contracts/agentnet';
import { AdmissionList, DeliveryRecord, MemberList } from './schemas';
import { agentKeys } from './query-keys';
import { shellQueries } from './shell-queries';
import { agentnetApi, type ActAs } from './service';

export type AgentStatusFilter = 'online' | 'offline' | 'all';
export type DirectoryFilters = { tag?: string; name?: string; status?: AgentStatusFilter };
export type SubnetScope = 'all' | 'mine' | 'public';

export const PAGE_SIZE = 50;
const enc = encodeURIComponent;

const directoryQuery = (f: DirectoryFilters, offset: number) => {
  const q = new URLSearchParams();
  if (f.tag) q.set('tag', f.tag);
  if (f.name) q.set('name', f.name);
  q.set('status', f.status ?? 'online');
  q.set('limit', String(PAGE_SIZE));
  q.set('offset', String(offset));
  return q.toString();
};

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
        agentnetApi(`/agents?${directoryQuery(filters, pageParam)}`, AgentList, { signal, actAs }).then((l) => ({
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
      queryFn: ({ signal }) => agentnetApi(`/agents/${enc(agentId)}`, Agent, { signal, actAs }),
    }),
  profile: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'profile', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/agents/${enc(agentId)}/communication_profile`, CommunicationProfile, { signal, actAs }),
    }),
  delivery: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'delivery', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/agents/${enc(agentId)}/delivery`, DeliveryRecord, { signal, actAs }),
    }),
  agentSubnets: (agentId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agent(agentId), 'subnets', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/agents/${enc(agentId)}/subnets`, AgentSubnetList, { signal, actAs }).then((l) => l.subnets),
    }),
  subnetList: (scope: SubnetScope, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnets(), 'list', scope, actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/subnets?scope=${scope}`, SubnetList, { signal, actAs }).then((l) => l.subnets),
    }),
  subnet: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'details', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/subnets/${enc(subnetId)}`, Subnet, { signal, actAs }),
    }),
  members: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'members', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/subnets/${enc(subnetId)}/agents`, MemberList, { signal, actAs }),
    }),
  children: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'children', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/subnets/${enc(subnetId)}/children`, SubnetList, { signal, actAs }).then((l) => l.subnets),
    }),
  joinRequests: (subnetId: string, actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.subnet(subnetId), 'join-requests', actAs] as const,
      queryFn: ({ signal }) => agentnetApi(`/subnets/${enc(subnetId)}/join-requests`, AdmissionList, { signal, actAs }),
    }),
};
