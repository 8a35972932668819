import { ClampedInt, Query } from '../query';
import { z } from '../zod';
import { HookDelivery } from './hook-delivery';

/**
 * What the console adds for the agent network (the BFF's own routes, bff-routes/agentnet.ts):
 * the owner identity token, the subnet-event receivers and their log, the outbound setting. The
 * A2A check's are in a2a-check.ts, the task payments' in task-payments.ts.
 */

/** Who holds the owner token on this deployment (never the token: its last four characters). */
export const OwnerView = z.looseObject({
  set: z.boolean(),
  ownerId: z.optional(z.nullable(z.string())),
  name: z.optional(z.nullable(z.string())),
  hint: z.optional(z.string()),
  expiresAt: z.optional(z.nullable(z.number())),
  setAt: z.optional(z.number()),
  source: z.optional(z.enum(['sandbox-sign-in', 'pasted'])),
});
export type OwnerView = z.output<typeof OwnerView>;
/** An owner token pasted from the service's site. */
export const OwnerPut = z.strictObject({ token: z.string().check(z.trim(), z.minLength(20, 'The owner token looks too short'), z.maxLength(8192)) });
/** The sandbox's owner sign-in (it stands in for the identity provider). */
export const OwnerSignIn = z.strictObject({ name: z.string().check(z.trim(), z.minLength(1, 'Say who signs in'), z.maxLength(120)), email: z.optional(z.string().check(z.trim(), z.maxLength(200))) });

/** The A2A check's own opening to private addresses (the page's setting; ALLOW_PRIVATE_DESTINATIONS wins). */
export const OutboundPut = z.strictObject({ allowPrivate: z.boolean() });

export const HookCreate = z.strictObject({ label: z.optional(z.string().check(z.trim(), z.maxLength(120))) });
/** A new receiver: its secret is answered this once. */
export const HookCreated = z.object({ hookId: z.string(), label: z.string(), url: z.string(), secret: z.string(), createdAt: z.number() });
/** A receiver the console offers, without its secret. */
export const Hook = z.object({ hookId: z.string(), label: z.string(), url: z.string(), createdAt: z.number(), secretHint: z.string(), deliveries: z.number() });
export type Hook = z.output<typeof Hook>;
export const HookList = z.object({ hooks: z.array(Hook) });
/** The receivers' log, newest first: `before` is the id of the last delivery of the page before. */
export const HookEventsQuery = Query({ event: z.optional(z.string()), hookId: z.optional(z.string()), before: z.optional(z.string()), limit: ClampedInt(1, 500, 100) });
export const HookDeliveries = z.object({ deliveries: z.array(HookDelivery) });
