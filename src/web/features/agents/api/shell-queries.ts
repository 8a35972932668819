import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { agentsPath } from '../../../../contracts/agentnet/paths';
import { ACT_AS_HEADER } from '../../../../contracts/bff';
import * as shellRoutes from '../../../../contracts/bff-routes/shell';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { bff, servicePath } from '../../../lib/bff';
import { storedActingId } from '../acting';
import { agentKeys } from './query-keys';
import type { ActAs } from './service';

/**
 * The small part of the agents feature the shell loads on every page: who the console can act as,
 * and the online count. Everything else is in queries.ts, which only the Agents routes load.
 */

const Total = z.pipe(
  z.looseObject({ total: z.optional(z.number()), agents: z.optional(z.array(z.unknown())) }),
  z.transform((r) => r.total ?? r.agents?.length ?? 0),
);

export const shellQueries = {
  /** Who the console holds a key for (the keys stay in the BFF). */
  identities: () =>
    queryOptions({
      queryKey: agentKeys.identities(),
      queryFn: ({ signal }) => bff(shellRoutes.identities, { signal }).then((r) => r.identities),
      staleTime: 60_000,
    }),
  onlineCount: (actAs: ActAs) =>
    queryOptions({
      queryKey: [...agentKeys.agents(), 'online-count', actAs] as const,
      // By the table's path alone (the agent directory's): the shell reads it on every page, and the table stays off them.
      queryFn: ({ signal }) => api(servicePath('agentnet', agentsPath, { status: 'online', limit: 1 }), Total, { signal, headers: actAs ? { [ACT_AS_HEADER]: actAs } : {} }),
      staleTime: 60_000,
    }),
};

/** The acting agent for a loader: the remembered id if the console still holds its key. */
export async function actingFor(qc: QueryClient): Promise<ActAs> {
  const stored = storedActingId();
  if (!stored) return null;
  const identities = await qc.ensureQueryData(shellQueries.identities());
  return identities.some((i) => i.agentId === stored) ? stored : null;
}
