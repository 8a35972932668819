import { z } from './zod';

/**
 * The three hosted services the console drives, and their names in the console. A module of its
 * own so the pages every visit loads (the shell, the route tree) do not bring the rest of
 * services.ts (hosts, key prefixes, the checks of a key) to the first page.
 */
export const serviceIds = ['gen3d', 'social', 'agentnet'] as const;
export const ServiceId = z.enum(serviceIds);
export type ServiceId = z.infer<typeof ServiceId>;

export const serviceLabels: Record<ServiceId, string> = { gen3d: '3D', social: 'Social', agentnet: 'Agents' };
