import { ACT_AS_HEADER } from '../../../../contracts/bff';
import type { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';

/**
 * Requests to the agent network service (`agentnet`, the service's id in the BFF and the
 * contracts). Names in this feature say `agents` for what the console shows and `agentnet` only
 * for the service itself: its base path, its request helper.
 */
export const AGENTNET_API = '/api/agentnet/api/v1';

/** The agent a request is sent as; null: anonymous. Part of every key of a caller-dependent read. */
export type ActAs = string | null;

/** Calls a documented agent network operation through the BFF, as `actAs` when given. */
export function agentnetApi<S extends z.ZodMiniType>(path: string, schema: S, init: RequestInit & { json?: unknown; actAs: ActAs }) {
  const { actAs, headers, ...rest } = init;
  return api(`${AGENTNET_API}${path}`, schema, { ...rest, headers: { ...(headers as Record<string, string> | undefined), ...(actAs ? { [ACT_AS_HEADER]: actAs } : {}) } });
}
