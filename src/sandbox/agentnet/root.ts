/** Where the lead mounts the agent network sandbox (`app.route(AGENTNET_ROOT, ...)`). */
export const AGENTNET_ROOT = '/sandbox/agentnet';
