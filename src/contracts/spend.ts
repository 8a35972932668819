import { ConnectionMode } from './bff';
import { SpendUnit } from './bff-queries';
import { IntParam, Query } from './query';
import { ServiceId } from './service-ids';
import { z } from './zod';

/**
 * The spend ledger: every credit-spending write of every service, recorded before it leaves.
 * `sending` (recorded, no answer yet), `sent` (the service accepted it), `refused` (the service
 * answered an error: nothing charged), `recovered` (the answer was lost, e.g. the console stopped;
 * found afterwards in the service's task list), `unconfirmed` (no trace of it at the service:
 * taken as never made).
 */
export const SpendStatus = z.enum(['sending', 'sent', 'refused', 'recovered', 'unconfirmed']);
export type SpendStatus = z.infer<typeof SpendStatus>;
export const SpendWrite = z.object({
  id: z.number(),
  service: ServiceId,
  mode: ConnectionMode,
  /** The route table's operation id (`textTo3d.create`). */
  operation: z.string(),
  method: z.string(),
  path: z.string(),
  unit: z.string(),
  /** What the guard counted (a price range's upper end). */
  reserved: z.number(),
  /** What the service charged, once known (a failed task is refunded: 0). */
  actual: z.nullable(z.number()),
  status: SpendStatus,
  /** What the write made at the service (a task id). */
  ref: z.nullable(z.string()),
  error: z.nullable(z.string()),
  /** UTC day of the write (YYYY-MM-DD). */
  day: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Who made it: the signed-in operator's email; null without sign-in, or for a schedule's own run. */
  actor: z.nullable(z.string()),
});
export type SpendWrite = z.infer<typeof SpendWrite>;
export const SpendWrites = z.object({ writes: z.array(SpendWrite), nextCursor: z.nullable(z.string()) });
export type SpendWrites = z.infer<typeof SpendWrites>;
export const SpendWritesQuery = Query({
  service: z.optional(ServiceId),
  status: z.optional(SpendStatus),
  cursor: z.optional(z.string().check(z.maxLength(200, 'cursor is not one this console gave'))),
  limit: IntParam(1, 200, 'limit'),
});

/** Per service: an optional daily limit and per-write limit, in the service's unit; null is no limit. */
export const SpendLimit = z.object({ service: ServiceId, unit: z.string(), daily: z.nullable(z.number()), perWrite: z.nullable(z.number()), updatedAt: z.nullable(z.number()) });
export type SpendLimit = z.infer<typeof SpendLimit>;
export const SpendLimits = z.object({ limits: z.array(SpendLimit) });
export type SpendLimits = z.infer<typeof SpendLimits>;
export const SpendDay = z.object({ day: z.string(), amount: z.number(), writes: z.number() });
export type SpendDay = z.infer<typeof SpendDay>;
/** `GET /api/spend/daily?service=&days=`: spend per UTC day from the ledger, oldest first, days without spend included. */
export const SpendDaily = z.object({
  service: ServiceId,
  mode: ConnectionMode,
  unit: z.string(),
  /** Every unit this service spends in (one chart each); `unit` is the one answered. */
  units: z.array(z.string()),
  days: z.array(SpendDay),
});
export type SpendDaily = z.infer<typeof SpendDaily>;
export const SpendDailyQuery = Query({ service: ServiceId, unit: z.optional(SpendUnit), days: IntParam(1, 366, 'days') });
