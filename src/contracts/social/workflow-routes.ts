import { operation, type HttpMethod, type Operation, type RouteKind } from '../routes';
import { BoolParam, IntParam, NoQuery, Params, PathParam, Query } from '../query';
import { z } from '../zod';
import { DrawCreate, ExtractionRequest, KeywordMonitorCreate, MonitorCreate, MonitorPatch, WebhookCreate, WebhookPatch } from './requests';
import { drawSpend, extractionSpend, monitorSpend } from './spend';
import { eventTypes, exportFormats, toolTypes } from './tools';
import { Draw, DrawList, ExtractionEstimate, ExtractionJob, ExtractionList, ExtractionPage } from './workflow-records';
import { Deleted, DeliveryList, EventList, Monitor, MonitorList, SocialEvent, Webhook, WebhookList, WebhookPing } from './hook-records';

/**
 * Workflow operations of the social service (docs/live-services.md#social-data--official-clients; paths the notes leave out are the
 * official SDK's): extractions and exports, draws, account and keyword monitors, events, webhooks.
 * Fixed paths come before `:id` ones of the same prefix (registration order decides).
 */

export const WORKFLOW_ID = /^[A-Za-z0-9_-]{1,64}$/;
const IdParams = Params({ id: PathParam('id', WORKFLOW_ID, 'an id of 1 to 64 letters, digits, _ or -') });
const Cursor = z.optional(z.string().check(z.maxLength(512, 'cursor is longer than any cursor the service gives')));
const Format = z.enum(exportFormats, { error: `format must be one of ${exportFormats.join(', ')}` });

export const ExtractionListQuery = Query({
  cursor: Cursor,
  limit: IntParam(1, 100, 'limit'),
  status: z.optional(z.enum(['pending', 'running', 'completed', 'failed'], { error: 'status must be pending, running, completed or failed' })),
  toolType: z.optional(z.enum(toolTypes as [string, ...string[]], { error: 'toolType must be one of the 23 tools' })),
});
export const ExtractionGetQuery = Query({
  cursor: Cursor,
  limit: IntParam(1, 1000, 'limit'),
  fieldStyle: z.optional(z.enum(['source', 'camelCase', 'snake_case'], { error: 'fieldStyle must be source, camelCase or snake_case' })),
  outputMode: z.optional(z.enum(['compact', 'full', 'raw'], { error: 'outputMode must be compact, full or raw' })),
  outputPreset: z.optional(z.enum(['nested', 'flat'], { error: 'outputPreset must be nested or flat' })),
  includeRaw: BoolParam('includeRaw'),
});
export const ExportQuery = Query({
  format: z.string({ error: `format is required: one of ${exportFormats.join(', ')}` }).check(z.refine((f) => (exportFormats as readonly string[]).includes(f), `format must be one of ${exportFormats.join(', ')}`)),
  verified: BoolParam('verified'),
  minFollowers: IntParam(0, 1_000_000_000, 'minFollowers'),
  search: z.optional(z.string().check(z.maxLength(200, 'search takes at most 200 characters'))),
});
export const DrawExportQuery = Query({ format: Format, type: z.optional(z.enum(['winners', 'entries'], { error: 'type must be winners or entries' })) });
export const WorkflowPageQuery = Query({ cursor: Cursor, limit: IntParam(1, 100, 'limit') });
export const EventsQuery = Query({
  cursor: Cursor,
  /** The skill docs' name of the cursor. */
  after: Cursor,
  limit: IntParam(1, 100, 'limit'),
  monitorId: z.optional(z.string().check(z.regex(WORKFLOW_ID, 'monitorId must be a monitor id'))),
  keywordMonitorId: z.optional(z.string().check(z.regex(WORKFLOW_ID, 'keywordMonitorId must be a monitor id'))),
  eventType: z.optional(z.enum([...eventTypes, 'webhook.test'], { error: 'eventType must be one of the event types' })),
});
export const RunQuery = Query({ dry_run: BoolParam('dry_run') });

type Rest = Omit<Operation, 'id' | 'service' | 'summary' | 'method' | 'path' | 'kind'>;
const op = <const I extends string, const M extends HttpMethod, const R extends Rest>(id: I, method: M, kind: RouteKind, summary: string, path: string, rest: R) =>
  operation({ id, service: 'social' as const, summary, method, path: `/api/v1${path}`, kind, ...rest });

export const workflowOps = {
  'extractions.estimate': op('extractions.estimate', 'POST', 'read', 'estimate an extraction', '/extractions/estimate', { query: NoQuery, body: ExtractionRequest, answer: ExtractionEstimate }),
  'extractions.create': op('extractions.create', 'POST', 'create', 'run an extraction', '/extractions', { query: RunQuery, body: ExtractionRequest, answer: ExtractionJob, spend: extractionSpend }),
  'extractions.list': op('extractions.list', 'GET', 'list', 'list extraction jobs', '/extractions', { query: ExtractionListQuery, answer: ExtractionList, empty: { extractions: [], hasMore: false } }),
  'extractions.get': op('extractions.get', 'GET', 'read', 'read an extraction job and a page of its results', '/extractions/:id', { params: IdParams, query: ExtractionGetQuery, answer: ExtractionPage }),
  'extractions.export': op('extractions.export', 'GET', 'read', 'export an extraction’s results', '/extractions/:id/export', { params: IdParams, query: ExportQuery, file: true }),

  'draws.create': op('draws.create', 'POST', 'create', 'run a giveaway draw', '/draws', { query: NoQuery, body: DrawCreate, answer: Draw, spend: drawSpend }),
  'draws.list': op('draws.list', 'GET', 'list', 'list draws', '/draws', { query: WorkflowPageQuery, answer: DrawList, empty: { draws: [], hasMore: false } }),
  'draws.get': op('draws.get', 'GET', 'read', 'read a draw', '/draws/:id', { params: IdParams, query: NoQuery, answer: Draw }),
  'draws.export': op('draws.export', 'GET', 'read', 'export a draw’s winners or entries', '/draws/:id/export', { params: IdParams, query: DrawExportQuery, file: true }),

  'monitors.keywords.create': op('monitors.keywords.create', 'POST', 'create', 'create a keyword monitor', '/monitors/keywords', { query: NoQuery, body: KeywordMonitorCreate, answer: Monitor, spend: monitorSpend }),
  'monitors.keywords.list': op('monitors.keywords.list', 'GET', 'list', 'list keyword monitors', '/monitors/keywords', { query: NoQuery, answer: MonitorList, empty: { monitors: [], total: 0 } }),
  'monitors.keywords.get': op('monitors.keywords.get', 'GET', 'read', 'read a keyword monitor', '/monitors/keywords/:id', { params: IdParams, query: NoQuery, answer: Monitor }),
  'monitors.keywords.update': op('monitors.keywords.update', 'PATCH', 'write', 'pause, resume or retype a keyword monitor', '/monitors/keywords/:id', { params: IdParams, query: NoQuery, body: MonitorPatch, answer: Monitor }),
  'monitors.keywords.delete': op('monitors.keywords.delete', 'DELETE', 'delete', 'delete a keyword monitor', '/monitors/keywords/:id', { params: IdParams, query: NoQuery, answer: Deleted }),
  'monitors.create': op('monitors.create', 'POST', 'create', 'create an account monitor', '/monitors', { query: NoQuery, body: MonitorCreate, answer: Monitor, spend: monitorSpend }),
  'monitors.list': op('monitors.list', 'GET', 'list', 'list account monitors', '/monitors', { query: NoQuery, answer: MonitorList, empty: { monitors: [], total: 0 } }),
  'monitors.get': op('monitors.get', 'GET', 'read', 'read an account monitor', '/monitors/:id', { params: IdParams, query: NoQuery, answer: Monitor }),
  'monitors.update': op('monitors.update', 'PATCH', 'write', 'pause, resume or retype an account monitor', '/monitors/:id', { params: IdParams, query: NoQuery, body: MonitorPatch, answer: Monitor }),
  'monitors.delete': op('monitors.delete', 'DELETE', 'delete', 'delete an account monitor', '/monitors/:id', { params: IdParams, query: NoQuery, answer: Deleted }),

  'events.list': op('events.list', 'GET', 'list', 'list monitor events', '/events', { query: EventsQuery, answer: EventList, empty: { events: [], hasMore: false } }),
  'events.get': op('events.get', 'GET', 'read', 'read a monitor event', '/events/:id', { params: IdParams, query: NoQuery, answer: SocialEvent }),

  'webhooks.create': op('webhooks.create', 'POST', 'create', 'register a webhook', '/webhooks', { query: NoQuery, body: WebhookCreate, answer: Webhook }),
  'webhooks.list': op('webhooks.list', 'GET', 'list', 'list webhooks', '/webhooks', { query: NoQuery, answer: WebhookList, empty: { webhooks: [] } }),
  'webhooks.update': op('webhooks.update', 'PATCH', 'write', 'change a webhook', '/webhooks/:id', { params: IdParams, query: NoQuery, body: WebhookPatch, answer: Webhook }),
  'webhooks.delete': op('webhooks.delete', 'DELETE', 'delete', 'delete a webhook', '/webhooks/:id', { params: IdParams, query: NoQuery, answer: Deleted }),
  'webhooks.test': op('webhooks.test', 'POST', 'write', 'send a test delivery to a webhook', '/webhooks/:id/test', { params: IdParams, query: NoQuery, answer: WebhookPing }),
  'webhooks.deliveries': op('webhooks.deliveries', 'GET', 'list', 'list a webhook’s deliveries', '/webhooks/:id/deliveries', { params: IdParams, query: NoQuery, answer: DeliveryList, empty: { deliveries: [] } }),
  'webhooks.resume': op('webhooks.resume', 'POST', 'write', 'resume a paused webhook', '/webhooks/:id/resume', { params: IdParams, query: NoQuery, answer: WebhookPing }),
};
