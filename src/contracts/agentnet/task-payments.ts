import { z } from '../zod';

/**
 * `GET /api/agentnet/tasks/{taskId}/payments`: the payments this console made for one pool task,
 * newest first. `made`: the service answered with the payment (its id); `sending`: sent, no
 * answer yet (or it was lost and the console is checking the service's list), so it may have
 * been made. A payment's state at the service (pending, confirmed, its transaction hash) is read
 * from the service itself.
 */
export const TaskPaymentEntry = z.object({
  paymentId: z.nullable(z.string()),
  state: z.enum(['made', 'sending']),
  payer: z.nullable(z.string()),
  payee: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  /** Why it was paid again (null for the first payment). */
  reason: z.nullable(z.string()),
  createdAt: z.number(),
});
export type TaskPaymentEntry = z.infer<typeof TaskPaymentEntry>;
export const TaskPayments = z.object({ taskId: z.string(), payments: z.array(TaskPaymentEntry) });
export type TaskPayments = z.infer<typeof TaskPayments>;
