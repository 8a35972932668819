import { z } from '../zod';
import { When } from './records';
import { Bool, itemsOf, Num, PageFields, paging, Str, Strings } from './record-kit';

/** Records of monitors, events, webhooks and their deliveries (docs/live-services.md#social-data--monitors-and-events and #social-data--webhooks and the SDK's live shapes). */

/** Account and keyword monitors share one model (`kind`). */
export const Monitor = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    username: Str,
    xUserId: Str,
    query: Str,
    eventTypes: Strings,
    isActive: Bool,
    createdAt: When,
    nextBillingAt: When,
    pausedAt: When,
    pausedReason: Str,
  }),
  z.transform((m) => ({
    id: String(m.id),
    kind: m.query != null && m.username == null ? ('keyword' as const) : ('account' as const),
    username: m.username ?? null,
    userId: m.xUserId ?? null,
    query: m.query ?? null,
    eventTypes: m.eventTypes,
    active: m.isActive ?? true,
    createdAt: m.createdAt,
    nextBillingAt: m.nextBillingAt,
    pausedAt: m.pausedAt,
    pausedReason: m.pausedReason ?? null,
  })),
);
export type Monitor = z.output<typeof Monitor>;
export const MonitorList = z.pipe(z.looseObject({ monitors: z.nullish(z.array(z.unknown())), total: Num }), z.transform((p) => {
  const monitors = itemsOf(Monitor, p.monitors);
  return { monitors, total: p.total ?? monitors.length };
}));

export const SocialEvent = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    type: Str,
    eventType: Str,
    monitorId: Str,
    keywordMonitorId: Str,
    monitorType: Str,
    occurredAt: When,
    createdAt: When,
    username: Str,
    query: Str,
    xEventId: Str,
    data: z.nullish(z.record(z.string(), z.unknown())),
  }),
  z.transform((e) => ({
    id: String(e.id),
    type: e.type ?? e.eventType ?? 'unknown',
    monitorId: e.monitorId ?? e.keywordMonitorId ?? null,
    monitorType: e.monitorType === 'keyword' || (e.monitorType == null && e.keywordMonitorId != null) ? ('keyword' as const) : ('account' as const),
    occurredAt: e.occurredAt ?? e.createdAt,
    username: e.username ?? null,
    query: e.query ?? null,
    data: e.data ?? {},
  })),
);
export type SocialEvent = z.output<typeof SocialEvent>;
export const EventList = z.pipe(z.looseObject({ events: z.nullish(z.array(z.unknown())), ...PageFields }), z.transform((p) => ({ events: itemsOf(SocialEvent, p.events), ...paging(p) })));

export const Webhook = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    url: z.string(),
    eventTypes: Strings,
    isActive: Bool,
    createdAt: When,
    consecutiveFailures: Num,
    deliveryStatus: Str,
    failureHardCap: Num,
    secret: Str,
  }),
  z.transform((w) => ({
    id: String(w.id),
    url: w.url,
    eventTypes: w.eventTypes,
    active: w.isActive ?? true,
    createdAt: w.createdAt,
    consecutiveFailures: w.consecutiveFailures ?? 0,
    deliveryStatus: w.deliveryStatus === 'paused' || w.deliveryStatus === 'needs_attention' ? w.deliveryStatus : ('active' as const),
    failureHardCap: w.failureHardCap ?? null,
    /** Only in the create answer (shown once). */
    secret: w.secret ?? null,
  })),
);
export type Webhook = z.output<typeof Webhook>;
export const WebhookList = z.pipe(z.looseObject({ webhooks: z.nullish(z.array(z.unknown())) }), z.transform((p) => ({ webhooks: itemsOf(Webhook, p.webhooks) })));

const Attempt = z.looseObject({ at: When, statusCode: Num, error: Str, durationMs: Num });
export const Delivery = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    attempts: Num,
    status: Str,
    createdAt: When,
    deliveredAt: When,
    streamEventId: Str,
    eventType: Str,
    lastStatusCode: Num,
    lastError: Str,
    nextAttemptAt: When,
    attemptLog: z.nullish(z.array(Attempt)),
  }),
  z.transform((d) => ({
    id: String(d.id),
    attempts: d.attempts ?? 0,
    status: d.status ?? 'pending',
    createdAt: d.createdAt,
    deliveredAt: d.deliveredAt,
    eventId: d.streamEventId ?? null,
    eventType: d.eventType ?? null,
    lastStatusCode: d.lastStatusCode ?? null,
    lastError: d.lastError ?? null,
    nextAttemptAt: d.nextAttemptAt,
    log: (d.attemptLog ?? []).map((a) => ({ at: a.at, statusCode: a.statusCode ?? null, error: a.error ?? null, durationMs: a.durationMs ?? null })),
  })),
);
export type Delivery = z.output<typeof Delivery>;
export const DeliveryList = z.pipe(z.looseObject({ deliveries: z.nullish(z.array(z.unknown())) }), z.transform((p) => ({ deliveries: itemsOf(Delivery, p.deliveries) })));
/** Test and resume answers: `{statusCode, success, error?, webhook?}`. */
export const WebhookPing = z.pipe(
  z.looseObject({ statusCode: Num, success: Bool, error: Str, webhook: z.nullish(z.unknown()) }),
  z.transform((p) => {
    const hook = p.webhook == null ? null : Webhook.safeParse(p.webhook);
    return { statusCode: p.statusCode ?? null, success: !!p.success, error: p.error ?? null, webhook: hook?.success ? hook.data : null };
  }),
);
export const Deleted = z.pipe(z.looseObject({ success: Bool }), z.transform((d) => ({ success: d.success ?? true })));
