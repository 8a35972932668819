import { Params } from '../query';
import { ConsoleWebhookCreate, OnlyNewPage, OnlyNewQuery, ReceivedList, ReceivedQuery, Schedule, ScheduleCreate, SchedulePatch, Schedules, TrackedJob, TrackedJobs } from '../social/console';
import { Webhook } from '../social/hook-records';
import { ReceivedDelivery } from '../social/live-events';
import { DrawExportQuery, ExportQuery } from '../social/workflow-routes';
import { DEFAULT_MAX_BODY } from '../routes';
import { z } from '../zod';
import { bffRoute } from './route';

/**
 * What the console adds around the social service (route.ts says what an entry holds; the records:
 * social/console.ts): its webhook receiver and the receiver's log, webhooks whose destination is
 * the console, the jobs it follows with "only new since the last run", schedules, exports
 * downloaded through the console, and a replay of an event. Bodies take what the service's
 * operations take (an extraction request in a schedule): 256 KB.
 */

const Id = Params({ id: z.string() });
const SENT = { maxBody: DEFAULT_MAX_BODY, refused: 'Nothing was sent' } as const;

export const received = bffRoute({ method: 'GET', path: '/api/social-console/received', query: ReceivedQuery, answer: ReceivedList });
/** A webhook whose destination is this console: the BFF fills the URL, keeps the secret, answers it this once. */
export const createWebhook = bffRoute({ method: 'POST', path: '/api/social-console/webhooks', body: ConsoleWebhookCreate, answer: Webhook, status: 201, ...SENT });

export const jobs = bffRoute({ method: 'GET', path: '/api/social-console/jobs', answer: TrackedJobs });
export const job = bffRoute({ method: 'GET', path: '/api/social-console/jobs/:id', params: Id, answer: TrackedJob });
/** Rows of a job no earlier run of the same tool on the same target had, read from the service page by page (409 until the job has finished). */
export const newRows = bffRoute({ method: 'GET', path: '/api/social-console/jobs/:id/new', params: Id, query: OnlyNewQuery, answer: OnlyNewPage });

export const schedules = bffRoute({ method: 'GET', path: '/api/social-console/schedules', answer: Schedules });
/** A schedule, run once at once unless `runNow` is false. */
export const createSchedule = bffRoute({ method: 'POST', path: '/api/social-console/schedules', body: ScheduleCreate, answer: Schedule, status: 201, ...SENT });
export const changeSchedule = bffRoute({ method: 'PATCH', path: '/api/social-console/schedules/:id', params: Id, body: SchedulePatch, answer: Schedule, ...SENT });
export const removeSchedule = bffRoute({ method: 'DELETE', path: '/api/social-console/schedules/:id', params: Id });
/** Runs a schedule now (409 when it cannot); answers the schedule and the job it started. */
export const runSchedule = bffRoute({ method: 'POST', path: '/api/social-console/schedules/:id/run', params: Id, answer: Schedule });

/** An extraction's results as a file, through the console (the key stays in the BFF). */
export const extractionExport = bffRoute({ method: 'GET', path: '/api/social-console/extractions/:id/export', kind: 'file', params: Id, query: ExportQuery, refused: 'Nothing was sent' });
export const drawExport = bffRoute({ method: 'GET', path: '/api/social-console/draws/:id/export', kind: 'file', params: Id, query: DrawExportQuery, refused: 'Nothing was sent' });

/**
 * Replays an event to every open tab (marked `replayed`, not a signed delivery): the service has no
 * such operation, so the console reads the event again from the service's event log.
 */
export const replayEvent = bffRoute({ method: 'POST', path: '/api/social-console/events/:id/replay', params: Id, answer: ReceivedDelivery });

/** The console as a webhook destination: public, each delivery signed; it answers the service in its own words. */
export const receiver = bffRoute({ method: 'POST', path: '/api/hooks/social/:hookId', kind: 'receiver', params: Params({ hookId: z.string() }), maxBody: 256 * 1024 });
