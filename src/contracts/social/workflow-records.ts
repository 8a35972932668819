import { z } from '../zod';
import { When } from './records';
import { Bool, itemsOf, Num, PageFields, paging, Str } from './record-kit';
import { jobStatuses } from './tools';

/**
 * Records of extraction jobs and draws (monitors, events, webhooks: hook-records.ts), lenient: the
 * live-service notes (docs/live-services.md#social-data--official-clients) shapes and the live ones the official SDK types (camelCase, amounts as decimal
 * strings or numbers, optional fields missing or null) normalize to one model each.
 */

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

/** A result row (docs/live-services.md#social-data--extractions columns; any other column the live service adds is kept in `extra`). */
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

