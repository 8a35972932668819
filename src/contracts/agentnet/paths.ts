/**
 * Paths of the agent network's route table (routes.ts) that the shell reads on every page by their
 * path alone (web/features/agents/api/shell-queries.ts): a module of its own, so the table stays off.
 */
export const agentsPath = '/api/v1/agents';
