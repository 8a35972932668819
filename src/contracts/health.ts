import { z } from './zod';

/** `GET /api/health`: public, for load balancers and uptime checks. 200 when ready, else 503. */
export const Health = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The console's version (package.json). */
  version: z.string(),
  /** The console's databases (SQLite, or PostgreSQL in team mode) answer. */
  storage: z.enum(['ok', 'unavailable']),
  /** `mounted`: the embedded sandbox is served under /sandbox; `remote`: a sandbox process at SANDBOX_URL is used (README, Team mode). */
  sandbox: z.enum(['mounted', 'remote']),
});
export type Health = z.infer<typeof Health>;
