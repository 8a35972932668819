/**
 * The sandbox's stand-in for the agent network's backend credential (`X-Internal-Token`), which
 * the live service keeps to itself: only the embedded sandbox takes it, for an org wallet's top-up
 * (the BFF's sandbox control and the sandbox's own route share it from here).
 */
export const SANDBOX_INTERNAL_TOKEN = 'sandbox-internal-token';
