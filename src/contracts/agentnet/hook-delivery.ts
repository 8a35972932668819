import { z } from '../zod';

// A module of its own: the live events every page reads (contracts/bff.ts) carry these records;
// the rest of events.ts (the event names, the receivers) is for the agents pages.

/** A delivery as the console's receiver logged it (`GET /api/agentnet/hooks/events`, SSE `agentnet-hook`). */
export const HookDelivery = z.object({
  id: z.number(),
  hookId: z.string(),
  receivedAt: z.number(),
  verified: z.boolean(),
  /** Why a delivery was refused (no signature, wrong signature, unreadable body). */
  refusal: z.nullable(z.string()),
  /** Which header carried a valid signature. */
  signatureHeader: z.nullable(z.string()),
  event: z.nullable(z.string()),
  webhookId: z.nullable(z.string()),
  /** The envelope's task_id: the org id for org.* events, the task id for task events. */
  taskId: z.nullable(z.string()),
  subnetId: z.nullable(z.string()),
  orgId: z.nullable(z.string()),
  data: z.nullable(z.unknown()),
  body: z.string(),
});
export type HookDelivery = z.output<typeof HookDelivery>;
