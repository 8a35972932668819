/**
 * Who a request to the agent network service (`agentnet`, the service's id in the BFF and the
 * contracts) is sent as. Names in this feature say `agents` for what the console shows and
 * `agentnet` only for the service itself. Its operations are called from their route table with
 * `callOperation` (lib/operation.ts), `actAs` naming the agent.
 */

/** The agent a request is sent as; null: anonymous. Part of every key of a caller-dependent read. */
export type ActAs = string | null;
