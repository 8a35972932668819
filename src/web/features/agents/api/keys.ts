import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ACT_AS_HEADER, IdentitiesResponse } from '../../../../contracts/bff';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { storedActingId } from '../acting';

/**
 * The small part of the agents feature the shell loads on every page: the request helper, the
 * key roots, who the console can act as, and the online count. Everything else is in queries.ts,
 * which only the Agents routes load.
 */

export const AGENTNET_API = '/api/agentnet/api/v1';

/** The agent a request is sent as; null: anonymous. Part of every key of a caller-dependent read. */
export type ActAs = string | null;

/** Calls a documented agent network operation through the BFF, as `actAs` when given. */
export function agentnet<S extends z.ZodMiniType>(path: string, schema: S, init: RequestInit & { json?: unknown; actAs: ActAs }) {
  const { actAs, headers, ...rest } = init;
  return api(`${AGENTNET_API}${path}`, schema, { ...rest, headers: { ...(headers as Record<string, string> | undefined), ...(actAs ? { [ACT_AS_HEADER]: actAs } : {}) } });
}

const Total = z.pipe(
  z.looseObject({ total: z.optional(z.number()), agents: z.optional(z.array(z.unknown())) }),
  z.transform((r) => r.total ?? r.agents?.length ?? 0),
);

export const agentnetKeys = {
  all: () => ['agentnet'] as const,
  /** Who the console holds a key for (the keys stay in the BFF). */
  identities: () =>
    queryOptions({
      queryKey: [...agentnetKeys.all(), 'identities'] as const,
      queryFn: ({ signal }) => api('/api/identities/agentnet', IdentitiesResponse, { signal }).then((r) => r.identities),
      staleTime: 60_000,
    }),
  agents: () => [...agentnetKeys.all(), 'agents'] as const,
  /** Directory lists and counts, without any one agent's reads. */
  agentLists: () => ({ queryKey: agentnetKeys.agents(), predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[2] !== 'by-id' }),
  /** One agent's reads (details, profile, delivery, subnets), for every caller. */
  agent: (agentId: string) => [...agentnetKeys.agents(), 'by-id', agentId] as const,
  subnets: () => [...agentnetKeys.all(), 'subnets'] as const,
  subnet: (subnetId: string) => [...agentnetKeys.subnets(), 'by-id', subnetId] as const,
  onlineCount: (actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentnetKeys.agents(), 'online-count', actAs] as const,
      queryFn: ({ signal }) => agentnet('/agents?status=online&limit=1', Total, { signal, actAs }),
      staleTime: 60_000,
    }),
};

/** The acting agent for a loader: the remembered id if the console still holds its key. */
export async function actingFor(qc: QueryClient): Promise<ActAs> {
  const stored = storedActingId();
  if (!stored) return null;
  const identities = await qc.ensureQueryData(agentnetKeys.identities());
  return identities.some((i) => i.agentId === stored) ? stored : null;
}
