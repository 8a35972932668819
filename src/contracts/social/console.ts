import { z } from '../zod';
import { eventTypes } from './tools';
import { ExtractionRequest } from './requests';
import { ReceivedDelivery, verdicts } from './live-events';
import { ClampedInt, Query } from '../query';

/**
 * The console's own social API (the BFF's, not the service's): its webhook receiver's log, webhooks
 * whose destination is the console, jobs it follows (with "only new since last run"), schedules.
 * Their routes: bff-routes/social.ts.
 */

export { verdicts, type Verdict, ReceivedDelivery, Notice } from './live-events';

/** The receiver's log, newest first; `cursor` is the `nextCursor` of the page before. */
export const ReceivedQuery = Query({
  verdict: z.optional(z.enum(verdicts, { error: `verdict must be one of ${verdicts.join(', ')}` })),
  cursor: z.optional(z.string()),
  limit: ClampedInt(1, 200, 50),
});
export const ReceivedList = z.object({ deliveries: z.array(ReceivedDelivery), hasMore: z.boolean(), nextCursor: z.nullable(z.string()) });

const EventTypes = z.array(z.enum(eventTypes)).check(z.minLength(1, 'choose at least one event type'));
/** A webhook whose destination is this console's receiver (the BFF fills the URL and keeps the secret). */
export const ConsoleWebhookCreate = z.object({
  eventTypes: EventTypes,
  /** The console's origin as the service reaches it; default: the origin the browser used. */
  origin: z.optional(z.string().check(z.regex(/^https?:\/\/[^/\s]+$/, 'origin must be like http://127.0.0.1:8787'))),
});

/** A job the console started and follows: its status, and how many of its rows no earlier run of the same tool on the same target had. */
export const TrackedJob = z.object({
  id: z.string(),
  toolType: z.string(),
  target: z.string(),
  status: z.string(),
  mode: z.enum(['sandbox', 'live']),
  createdAt: z.number(),
  finishedAt: z.nullable(z.number()),
  totalRows: z.nullable(z.number()),
  /** Rows first seen in this run (null until the console has read the finished job). */
  newRows: z.nullable(z.number()),
  /** No earlier run of the same tool on the same target (in this mode): every row it returns is new. */
  firstRun: z.boolean(),
  scheduleId: z.nullable(z.string()),
});
export type TrackedJob = z.output<typeof TrackedJob>;
export const TrackedJobs = z.object({ jobs: z.array(TrackedJob) });

/** Rows of a job no earlier run of the same tool on the same target had; rows as the service answers them. */
export const OnlyNewQuery = Query({ cursor: z.optional(z.string()), limit: ClampedInt(1, 1000, 100) });
export const OnlyNewPage = z.object({ job: TrackedJob, rows: z.array(z.record(z.string(), z.unknown())), hasMore: z.boolean(), nextCursor: z.nullable(z.string()) });

export const ScheduleCreate = z.object({
  request: ExtractionRequest,
  everyHours: z.number({ error: 'everyHours must be a number of hours' }).check(z.gte(0.001, 'everyHours must be more than 0'), z.lte(24 * 365, 'everyHours takes at most a year')),
  /** Run once now as well (default true). */
  runNow: z.optional(z.boolean()),
});
export const SchedulePatch = z.object({ everyHours: z.optional(ScheduleCreate.shape.everyHours), active: z.optional(z.boolean()) });
export const Schedule = z.object({
  id: z.string(),
  request: z.record(z.string(), z.unknown()),
  toolType: z.string(),
  everyHours: z.number(),
  active: z.boolean(),
  nextRunAt: z.nullable(z.number()),
  lastRunAt: z.nullable(z.number()),
  lastJobId: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  createdAt: z.number(),
});
export type Schedule = z.output<typeof Schedule>;
export const Schedules = z.object({ schedules: z.array(Schedule) });
