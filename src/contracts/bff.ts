import { z } from './zod';
import { ServiceId } from './service-ids';
import { TaskRecord } from './gen3d/records';
import { HookDelivery } from './agentnet/hook-delivery';
import { Notice, ReceivedDelivery } from './social/live-events';

/** The BFF's own API: connections, the task ledger and live events (the bodies the console sends: bff-bodies.ts). */

export const ConnectionMode = z.enum(['sandbox', 'live']);
export type ConnectionMode = z.infer<typeof ConnectionMode>;

export const Connection = z.object({
  service: ServiceId,
  mode: ConnectionMode,
  /** Base URL used in live mode. */
  baseUrl: z.string(),
  liveDefaultBaseUrl: z.string(),
  keyPrefix: z.string(),
  /** Last four characters of the stored key; the key itself never leaves the BFF. */
  keyHint: z.nullable(z.string()),
  keySource: z.nullable(z.enum(['env', 'file'])),
  /** The origin the saved key was verified against; it is sent nowhere else (a new host needs the key again). */
  keyOrigin: z.optional(z.nullable(z.string())),
  updatedAt: z.nullable(z.number()),
});
export type Connection = z.infer<typeof Connection>;

export const ConnectionsResponse = z.object({ connections: z.array(Connection) });
export type ConnectionsResponse = z.infer<typeof ConnectionsResponse>;

/**
 * A task's output file in the console's archive: `archived` (a copy in DATA_DIR), `pending` (to be
 * copied when the task succeeds), `retrying` (a copy failed; next attempt at `nextAttemptAt`),
 * `lost` (no copy will be made: `reason` says why), `removed` (the copy was deleted: retention or
 * the operator).
 */
export const FileState = z.enum(['pending', 'archived', 'retrying', 'lost', 'removed']);
export type FileState = z.infer<typeof FileState>;
export const ArchiveFile = z.object({
  key: z.string(),
  /** Same-origin URL of the file. */
  url: z.string(),
  state: FileState,
  size: z.nullable(z.number()),
  attempts: z.number(),
  nextAttemptAt: z.nullable(z.number()),
  reason: z.nullable(z.string()),
});
export type ArchiveFile = z.infer<typeof ArchiveFile>;

/**
 * A 3D task as the console's ledger knows it: the latest record plus what the BFF adds. `task` is
 * the normalized record (re-parsing a normalized record gives the same record), with file URLs
 * rewritten to same-origin BFF URLs.
 */
export const LedgerTask = z.object({
  id: z.string(),
  service: z.literal('gen3d'),
  /** Create path the task is polled on (document: GET <create path>/{id}). */
  createPath: z.string(),
  /** Where the task ran. */
  mode: ConnectionMode,
  /** The preview a refine was made from. */
  parentId: z.nullable(z.string()),
  /** The body the task was created with. */
  request: z.record(z.string(), z.unknown()),
  /** When the console created it (epoch ms). */
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Every output file copied into DATA_DIR (served after the service deletes its own). */
  archived: z.boolean(),
  /** Found in the service's task list after the create's answer was lost (the console stopped, the network broke). */
  recovered: z.optional(z.boolean()),
  /** Created by the account elsewhere (the web app, another client) and brought in by the operator: paid there, no spend recorded here. */
  imported: z.optional(z.boolean()),
  /** Each output file's archive state (task reads and events; list pages leave it out). */
  files: z.optional(z.array(ArchiveFile)),
  /**
   * The service's own signed URL of the task's model (GLB, else OBJ or STL) and when it expires, on
   * task reads: an operation that takes the model as `model_url` is sent this while it is valid,
   * else the archived file. Null when the service gave none (or no expiry).
   */
  serviceModel: z.optional(z.nullable(z.object({ url: z.string(), format: z.string(), expiresAt: z.number() }))),
  task: TaskRecord,
  /** Watcher state; `lastError` explains a stalled watch. */
  watch: z.object({ active: z.boolean(), lastError: z.nullable(z.string()), nextCheckAt: z.nullable(z.number()) }),
});
export type LedgerTask = z.output<typeof LedgerTask>;

/** One page of `GET /api/ledger/tasks` (its query: LedgerQuery, bff-queries.ts): long values (data URIs) in `request` and `task` are cut short; read a task on its own for them. */
export const LedgerPage = z.object({ tasks: z.array(LedgerTask), nextCursor: z.nullable(z.string()) });
export type LedgerPage = z.output<typeof LedgerPage>;

/** `GET /api/ledger/changes` (LedgerChangesQuery): `until` is the latest change included (the next `since`); `more`: further changes wait. */
export const LedgerChanges = z.object({ tasks: z.array(LedgerTask), until: z.number(), more: z.boolean() });
export type LedgerChanges = z.output<typeof LedgerChanges>;

/** `GET /api/ledger/summary?service=`: how many tasks, by status and by type. */
export const LedgerSummary = z.object({ service: ServiceId, total: z.number(), byStatus: z.record(z.string(), z.number()), byType: z.record(z.string(), z.number()) });
export type LedgerSummary = z.output<typeof LedgerSummary>;

// A task's lineage and the balance's history: bff-history.ts (off the first page, which loads this module).

/** Events the BFF pushes to every open tab over one SSE connection (`GET /api/events`). */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), serverTime: z.number() }),
  z.object({ type: z.literal('task'), task: LedgerTask }),
  z.object({ type: z.literal('balance'), service: ServiceId, mode: ConnectionMode, balance: z.number(), at: z.number() }),
  z.object({ type: z.literal('identities') }),
  z.object({ type: z.literal('connections') }),
  /** A subnet event the console's receiver got (verified or refused). */
  z.object({ type: z.literal('agentnet-hook'), delivery: HookDelivery }),
  /**
   * Agents that just got something to read (an inbox message, a notification, a session invitation
   * or an answer to one): their inbox, manifest queue and sessions are read again at once.
   */
  z.object({ type: z.literal('agentnet-message'), agentIds: z.array(z.string()).check(z.maxLength(500)) }),
  /** A delivery the console's social webhook receiver got (verified, legacy, refused or replayed). */
  z.object({ type: z.literal('social.delivery'), delivery: ReceivedDelivery }),
  /** Something an operator should know wherever they are (a job finished, a schedule ran). */
  z.object({ type: z.literal('notice'), service: ServiceId, notice: Notice }),
]);
export type LiveEvent = z.output<typeof LiveEvent>;

/** An agent the console holds a key for and can act as (the key itself stays in the BFF). */
export const Identity = z.object({ agentId: z.string(), name: z.string(), keyHint: z.string(), addedAt: z.number() });
export type Identity = z.infer<typeof Identity>;
export const IdentitiesResponse = z.object({ identities: z.array(Identity) });

/** Header naming the agent a request to the agent network is sent as. */
export const ACT_AS_HEADER = 'x-act-as';
/** Header asking the BFF to send an agent network request with the owner identity token instead (`1`). */
export const ACT_AS_OWNER_HEADER = 'x-act-as-owner';

/** `GET /api/spend/totals?service=`: what the console's writes spent, computed by the server. */
export const SpendTotals = z.object({
  service: ServiceId,
  mode: ConnectionMode,
  unit: z.string(),
  /** Everything charged (refunds taken off). */
  total: z.number(),
  /** Today (UTC), as the daily limit counts it. */
  today: z.number(),
  /** Counted at its price until the service reports what it charged. */
  unsettled: z.number(),
  writes: z.number(),
  recovered: z.number(),
});
export type SpendTotals = z.infer<typeof SpendTotals>;
