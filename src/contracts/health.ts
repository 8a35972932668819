import { z } from './zod';

/** `GET /api/health`: public, for load balancers and uptime checks. 200 when ready, else 503. */
export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The console's version (package.json). */
  version: z.string(),
  /** The console's SQLite databases answer. */
  storage: z.enum(['ok', 'unavailable']),
  /** The embedded sandbox is served under /sandbox. */
  sandbox: z.enum(['mounted']),
});
export type Health = z.infer<typeof Health>;
