import { serviceLabels, type ServiceId } from './service-ids';

export { serviceIds, ServiceId, serviceLabels } from './service-ids';

export type ServiceInfo = {
  id: ServiceId;
  label: string;
  /** Fixed prefix every key of the service starts with (docs/live-services.md#general-rules). */
  keyPrefix: string;
  /** Public base address of the live service (docs/live-services.md#general-rules). */
  liveBaseUrl: string;
  /**
   * Hosts besides the base URL's that serve the service's files (docs/live-services.md#3d-generation--files and #social-data--addresses-and-keys: signed 3D file URLs
   * on assets.meshy.ai; social media on the X CDN (?)). The BFF fetches files from nowhere else.
   */
  assetHosts: readonly string[];
  /** The documented check of a key: HTTP 200 means valid. */
  verify: { method: 'GET' | 'POST'; path: string };
  /** How the key travels to the service. */
  auth: 'bearer' | 'x-api-key';
  /** Environment variable that may hold the key. */
  envKey: string;
  /** Key the console uses with its embedded sandbox (not a secret: the sandbox is local). */
  sandboxKey: string;
  /** Whether its sandbox keeps credits for that key (the controls top up and reset them). */
  sandboxCredits: boolean;
};

export const services: Record<ServiceId, ServiceInfo> = {
  gen3d: {
    id: 'gen3d',
    label: serviceLabels.gen3d,
    keyPrefix: 'msy_',
    liveBaseUrl: 'https://api.meshy.ai',
    assetHosts: ['assets.meshy.ai'],
    verify: { method: 'GET', path: '/openapi/v1/balance' },
    auth: 'bearer',
    envKey: 'GEN3D_API_KEY',
    sandboxKey: 'msy_sandbox_console',
    sandboxCredits: true,
  },
  social: {
    id: 'social',
    label: serviceLabels.social,
    keyPrefix: 'xq_',
    liveBaseUrl: 'https://xquik.com',
    assetHosts: ['pbs.twimg.com', 'video.twimg.com', 'abs.twimg.com'],
    verify: { method: 'GET', path: '/api/v1/credits' },
    auth: 'x-api-key',
    envKey: 'SOCIAL_API_KEY',
    sandboxKey: 'xq_sandbox_console',
    sandboxCredits: true,
  },
  agentnet: {
    id: 'agentnet',
    label: serviceLabels.agentnet,
    keyPrefix: 'acn_',
    liveBaseUrl: 'https://api.acnlabs.dev',
    assetHosts: [],
    // Agent keys are per agent: the token endpoint (client_credentials) accepts a key without knowing the agent id.
    verify: { method: 'POST', path: '/oauth/token' },
    auth: 'bearer',
    envKey: 'AGENTNET_API_KEY',
    sandboxKey: 'acn_sandbox_console',
    sandboxCredits: false,
  },
};
