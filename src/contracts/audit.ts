import { IntParam, Query } from './query';
import { ServiceId } from './service-ids';
import { SpendStatus } from './spend';
import { z } from './zod';

/**
 * The audit log (README, Team mode): every write made through the console, who made it, when, what
 * it answered and, when it spent, what the spend ledger holds of it. Reads are not recorded.
 */
export const AuditEntry = z.object({
  id: z.number(),
  at: z.number(),
  /** The signed-in operator's email; null on a console without sign-in (its one person). */
  actor: z.nullable(z.string()),
  role: z.nullable(z.string()),
  method: z.string(),
  path: z.string(),
  /** The console's answer (a refusal, 4xx, is recorded too). */
  status: z.number(),
  /** The spend ledger's row of a write that spent. */
  spend: z.nullable(z.object({ id: z.number(), service: ServiceId, operation: z.string(), unit: z.string(), reserved: z.number(), actual: z.nullable(z.number()), status: SpendStatus })),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), nextCursor: z.nullable(z.string()) });
export type AuditPage = z.infer<typeof AuditPage>;
export const AuditOutcome = z.enum(['done', 'refused']);
export const AuditQuery = Query({
  actor: z.optional(z.string().check(z.maxLength(254, 'actor is an email, 254 characters at most'))),
  /** done: answered 2xx or 3xx; refused: 4xx or 5xx. */
  outcome: z.optional(AuditOutcome),
  /** Only writes that spent. */
  spent: z.optional(z.enum(['1'])),
  cursor: z.optional(z.string().check(z.maxLength(200, 'cursor is not one this console gave'))),
  limit: IntParam(1, 200, 'limit'),
});
