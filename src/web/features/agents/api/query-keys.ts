/**
 * Query keys of the agents feature (React Query's cache keys, not API keys): all → agents →
 * list / by-id(agent) …; all → subnets → list / by-id(subnet) …; all → identities. Mutations
 * invalidate with these, never with retyped arrays.
 */
export const agentKeys = {
  all: () => ['agents'] as const,
  identities: () => [...agentKeys.all(), 'identities'] as const,
  agents: () => [...agentKeys.all(), 'agents'] as const,
  /** Directory lists and counts, without any one agent's reads. */
  agentLists: () => ({ queryKey: agentKeys.agents(), predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[2] !== 'by-id' }),
  /** One agent's reads (details, profile, delivery, subnets), for every caller. */
  agent: (agentId: string) => [...agentKeys.agents(), 'by-id', agentId] as const,
  subnets: () => [...agentKeys.all(), 'subnets'] as const,
  subnet: (subnetId: string) => [...agentKeys.subnets(), 'by-id', subnetId] as const,
  orgs: () => [...agentKeys.all(), 'orgs'] as const,
  org: (orgId: string) => [...agentKeys.orgs(), 'by-id', orgId] as const,
  tasks: () => [...agentKeys.all(), 'tasks'] as const,
  task: (taskId: string) => [...agentKeys.tasks(), 'by-id', taskId] as const,
  /** An agent's inbox, manifest queue and sessions (read as that agent). */
  inbox: (agentId: string) => [...agentKeys.all(), 'inbox', agentId] as const,
  payments: (agentId: string) => [...agentKeys.all(), 'payments', agentId] as const,
  hooks: () => [...agentKeys.all(), 'hooks'] as const,
};
