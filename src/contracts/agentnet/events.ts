import { z } from '../zod';

/**
 * Subnet events (document "Events", live-service notes (docs/live-services.md#agent-network--subnet-events)): the envelope the service POSTs to a subnet's
 * harness URL, its headers, and the console's log record of each delivery it received.
 */

export const HOOK_HEADERS = {
  signature: 'x-acn-signature',
  /** The document's name of the signature header: accept both. */
  documentSignature: 'x-agentnet-signature',
  event: 'x-acn-event',
  timestamp: 'x-acn-timestamp',
  webhookId: 'x-acn-webhook-id',
} as const;

export const hookEvents = [
  'org.created',
  'org.member_added',
  'org.member_removed',
  'org.owner_changed',
  'org.dissolved',
  'org.work_created',
  'org.work_updated',
  'org.loop_tick',
  'agent.joined_subnet',
  'agent.left_subnet',
  'agent.owner_changed',
  'subnet.join_approved',
  'subnet.invitation_accepted',
  'task.created',
  'task.accepted',
  'task.submitted',
  'task.completed',
  'task.cancelled',
  'participation.rejected',
] as const;
export type HookEventName = (typeof hookEvents)[number];

/** `{event, timestamp, task_id, data}`: for org.* events `task_id` holds the org id. */
export const HookEnvelope = z.looseObject({
  event: z.string(),
  timestamp: z.optional(z.union([z.string(), z.number()])),
  task_id: z.nullish(z.string()),
  data: z.optional(z.record(z.string(), z.unknown())),
});
export type HookEnvelope = z.output<typeof HookEnvelope>;

export { HookDelivery } from './hook-delivery';
