import { z } from '../zod';

/**
 * What the console's social side pushes to every open tab (in the BFF's live events): deliveries
 * its webhook receiver got, and notices. Apart from the rest of the console's social API so the
 * first page, which reads live events, carries only these.
 */

export const verdicts = ['verified', 'legacy', 'refused', 'replayed'] as const;
export type Verdict = (typeof verdicts)[number];

/** One delivery the console's receiver got: how it was judged, and what it carried. */
export const ReceivedDelivery = z.object({
  id: z.string(),
  hookId: z.string(),
  webhookId: z.nullable(z.string()),
  receivedAt: z.number(),
  /** verified: current scheme; legacy: body-only signature (no timestamp header); refused: not stored as an event; replayed: re-read from the service's event log by the console. */
  verdict: z.enum(verdicts),
  reason: z.nullable(z.string()),
  eventType: z.nullable(z.string()),
  eventId: z.nullable(z.string()),
  deliveryId: z.nullable(z.string()),
  body: z.unknown(),
});
export type ReceivedDelivery = z.output<typeof ReceivedDelivery>;

/** A notice for every tab (a job finished, a schedule ran). */
export const Notice = z.object({ level: z.enum(['info', 'success', 'warning', 'error']), title: z.string(), message: z.string(), link: z.nullable(z.string()), at: z.number() });
