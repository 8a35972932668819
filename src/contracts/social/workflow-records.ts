import { Numeric } from '../common';
import { z } from '../zod';
import { When } from './records';

/**
 * Records of the social workflows (extractions, draws, monitors, events, webhooks), lenient: the
 * field notes' shapes and the live ones the official SDK types (camelCase, amounts as decimal
 * strings or numbers, optional fields missing or null) normalize to one model each.
 */

const Str = z.nullish(z.string());
const Num = z.nullish(Numeric);
const Bool = z.nullish(z.boolean());
const Strings = z.pipe(z.nullish(z.array(z.string())), z.transform((v) => v ?? []));
/** Items of a list that read; an unreadable one is dropped rather than failing the page. */
const itemsOf = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, list: unknown[] | null | undefined): T[] =>
  (list ?? []).flatMap((v) => {
    const r = schema.safeParse(v);
    return r.success ? [r.data as T] : [];
  });
/** `{hasMore, nextCursor}` (workflow lists) or `{has_next_page, next_cursor}`. */
const PageFields = { hasMore: Bool, nextCursor: Str, has_next_page: Bool, next_cursor: Str };
const paging = (p: { hasMore?: boolean | null; nextCursor?: string | null; has_next_page?: boolean | null; next_cursor?: string | null }) => {
  const cursor = p.nextCursor || p.next_cursor || null;
  return { hasMore: (p.hasMore ?? p.has_next_page ?? cursor !== null) && cursor !== null, cursor };
};

export const ExtractionEstimate = z.pipe(
  z.looseObject({ allowed: z.boolean(), creditsAvailable: Num, creditsRequired: Num, estimatedResults: Num, source: Str, resolvedXUserId: Str }),
  z.transform((e) => ({
    allowed: e.allowed,
    creditsAvailable: e.creditsAvailable ?? 0,
    creditsRequired: e.creditsRequired ?? 0,
    estimatedResults: e.estimatedResults ?? 0,
    source: e.source ?? 'unknown',
    resolvedUserId: e.resolvedXUserId ?? null,
  })),
);
export type ExtractionEstimate = z.output<typeof ExtractionEstimate>;

export const jobStatuses = ['pending', 'running', 'completed', 'failed'] as const;
const JobStatus = z.pipe(z.string(), z.transform((s) => ((jobStatuses as readonly string[]).includes(s) ? (s as (typeof jobStatuses)[number]) : 'running')));

/** A job: the create answer `{id, toolType, status}`, a list item `{id, createdAt, status, totalResults, completedAt?}`, or the full record. */
export const ExtractionJob = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    toolType: Str,
    status: JobStatus,
    createdAt: When,
    startedAt: When,
    completedAt: When,
    totalResults: Num,
    resultsCount: Num,
    estimatedResults: Num,
    creditsCharged: Num,
    target: Str,
    error: Str,
  }),
  z.transform((j) => ({
    id: String(j.id),
    toolType: j.toolType ?? null,
    status: j.status,
    createdAt: j.createdAt,
    startedAt: j.startedAt,
    completedAt: j.completedAt,
    totalResults: j.totalResults ?? j.resultsCount ?? 0,
    estimatedResults: j.estimatedResults ?? null,
    creditsCharged: j.creditsCharged ?? null,
    target: j.target ?? null,
    error: j.error ?? null,
  })),
);
export type ExtractionJob = z.output<typeof ExtractionJob>;

/** A result row (field notes' columns; any other column the live service adds is kept in `extra`). */
export const ExtractionRow = z.pipe(
  z.looseObject({
    xUserId: Str,
    xUsername: Str,
    xDisplayName: Str,
    xFollowersCount: Num,
    xVerified: Bool,
    tweetId: Str,
    tweetText: Str,
    tweetCreatedAt: When,
  }),
  z.transform((r) => {
    const { xUserId, xUsername, xDisplayName, xFollowersCount, xVerified, tweetId, tweetText, tweetCreatedAt, ...extra } = r;
    return {
      userId: xUserId ?? null,
      username: xUsername ?? null,
      displayName: xDisplayName ?? null,
      followers: xFollowersCount ?? null,
      verified: !!xVerified,
      tweetId: tweetId ?? null,
      tweetText: tweetText ?? null,
      tweetCreatedAt,
      extra: extra as Record<string, unknown>,
    };
  }),
);
export type ExtractionRow = z.output<typeof ExtractionRow>;

export const ExtractionPage = z.pipe(
  z.looseObject({ job: z.unknown(), results: z.nullish(z.array(z.unknown())), ...PageFields }),
  z.transform((p, ctx) => {
    const job = ExtractionJob.safeParse(p.job);
    if (!job.success) {
      ctx.issues.push({ code: 'custom', message: 'the job could not be read', input: p.job });
      return z.NEVER;
    }
    return { job: job.data, rows: itemsOf(ExtractionRow, p.results), ...paging(p) };
  }),
);
export const ExtractionList = z.pipe(
  z.looseObject({ extractions: z.nullish(z.array(z.unknown())), jobs: z.nullish(z.array(z.unknown())), ...PageFields }),
  z.transform((p) => ({ jobs: itemsOf(ExtractionJob, p.extractions ?? p.jobs), ...paging(p) })),
);

const Winner = z.pipe(
  z.looseObject({ position: Num, authorUsername: Str, username: Str, tweetId: Str, isBackup: Bool, authorId: Str }),
  z.transform((w) => ({ position: w.position ?? 0, username: w.authorUsername ?? w.username ?? '', tweetId: w.tweetId ?? null, isBackup: !!w.isBackup, userId: w.authorId ?? null })),
);
/** A draw: the create answer `{id, tweetId, totalEntries, validEntries, winners}` or the retrieve answer `{draw: {...}, winners}`. */
export const Draw = z.pipe(
  z.looseObject({ draw: z.nullish(z.looseObject({})), winners: z.nullish(z.array(z.unknown())) }),
  z.transform((raw, ctx) => {
    const d = { ...(raw as Record<string, unknown>), ...(raw.draw ?? {}) } as Record<string, unknown>;
    const n = (v: unknown) => (v == null ? null : Number(v));
    if (d.id == null) {
      ctx.issues.push({ code: 'custom', message: 'the draw has no id', input: raw });
      return z.NEVER;
    }
    const when = (v: unknown) => When.parse(v as string | number | null | undefined);
    return {
      id: String(d.id),
      status: typeof d.status === 'string' ? d.status : 'completed',
      tweetId: d.tweetId == null ? null : String(d.tweetId),
      tweetUrl: typeof d.tweetUrl === 'string' ? d.tweetUrl : null,
      tweetText: typeof d.tweetText === 'string' ? d.tweetText : null,
      tweetAuthor: typeof d.tweetAuthorUsername === 'string' ? d.tweetAuthorUsername : null,
      totalEntries: n(d.totalEntries) ?? 0,
      validEntries: n(d.validEntries) ?? 0,
      createdAt: when(d.createdAt),
      drawnAt: when(d.drawnAt),
      winners: itemsOf(Winner, raw.winners),
    };
  }),
);
export type Draw = z.output<typeof Draw>;
export const DrawList = z.pipe(z.looseObject({ draws: z.nullish(z.array(z.unknown())), ...PageFields }), z.transform((p) => ({ draws: itemsOf(Draw, p.draws), ...paging(p) })));

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
