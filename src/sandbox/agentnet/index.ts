/** The agent network sandbox: what the lead mounts (see app.ts). */
export { AGENTNET_ROOT } from './root';
export { agentnetMigrations } from './store/migrations';
export { createAgentnetSandbox, type AgentnetDeps, type AgentnetSandbox } from './app';
export { answerExample, isExampleHost } from './engine/example-hosts';
