import { isHttpUrl } from './text-fields';
import { ServiceId } from './service-ids';
import { Connection, ConnectionMode, LedgerTask } from './bff';
import { SpendUnit } from './bff-queries';
import { taskTypeOf } from './gen3d/outputs';
import { z } from './zod';

/**
 * The bodies the console sends to the BFF's own API (the BFF checks each with these; the forms
 * too), and the answers only those forms read. Apart from bff.ts, whose answers the first page
 * reads: only the pages with the forms load them.
 */

const HttpUrl = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((s) => isHttpUrl(s) && !new URL(s).username && !new URL(s).password, 'The base URL must be an http(s) URL without a user name or password'),
  ),
  // Stored as the URL parser reads it (`http://0x7f000001` is `http://127.0.0.1`), without a trailing slash.
  z.transform((s) => {
    const u = new URL(s);
    return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
  }),
);

export const PutConnectionBody = z.strictObject({
  mode: ConnectionMode,
  apiKey: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(8, 'The key looks too short to be an API key'),
        z.maxLength(512, 'The key is too long to be an API key'),
        z.refine((k) => !/\s/.test(k), 'The key must not contain spaces'),
      ),
  ),
  baseUrl: z.optional(HttpUrl),
});
export type PutConnectionBody = z.infer<typeof PutConnectionBody>;
/** What a saved connection (or a removed key) answers: the connection now, and what the operator should know. */
export const PutConnectionResponse = z.object({
  connection: Connection,
  warnings: z.array(z.string()),
});
export type PutConnectionResponse = z.infer<typeof PutConnectionResponse>;

/** The archive's disk use and its settings (read by the archive panel). */
export const ArchiveUsage = z.object({
  service: ServiceId,
  files: z.number(),
  bytes: z.number(),
  tasks: z.number(),
  byState: z.record(z.string(), z.number()),
  /** Copies older than this many days are removed; 0 keeps them forever (the operator's setting, else ARCHIVE_RETENTION_DAYS). */
  retentionDays: z.number(),
  /** ARCHIVE_MAX_FILE_MB in bytes: larger files are not copied. */
  maxFileBytes: z.number(),
});
export type ArchiveUsage = z.infer<typeof ArchiveUsage>;
/** A task's local copies removed: how many, how large (the task's archive panel). */
export const RemovedFiles = z.object({ taskId: z.string(), files: z.number(), bytes: z.number() });
export type RemovedFiles = z.infer<typeof RemovedFiles>;

/** `PUT /api/ledger/gen3d/archive`: the retention setting, in whole days (0 keeps copies forever). */
export const PutArchiveSettings = z.strictObject({
  retentionDays: z.int({ error: 'retentionDays must be a whole number of days' }).check(z.gte(0, 'retentionDays must be 0 (keep forever) or more'), z.lte(3650, 'retentionDays must be at most 3,650 (ten years)')),
});

/** The task path of one of the service's list routes (`/openapi/v1/remesh`; text-to-motion is not imitated: left out). */
const ImportPath = z.string({ error: 'path must be a task path such as /openapi/v1/remesh' }).check(
  z.regex(/^\/openapi\/(v1|v2|creative-lab\/[a-z-]{1,20}\/v1)\/[a-z0-9/-]{1,40}$/, 'path must be a task path of the 3D service such as /openapi/v1/remesh'),
  z.refine((p) => ![null, 'text-to-motion'].includes(taskTypeOf(p)), 'path must be the task path of a 3D task type the console knows'),
);
/** Most tasks brought in by one request (the service's lists answer 50 a page). */
export const IMPORT_MAX = 50;
/**
 * `POST /api/ledger/gen3d/import`: tasks the account created elsewhere, each named by its id and
 * the task path it was listed on. The BFF reads each from the service, records it as imported (no
 * spend: it was paid where it was made) and watches it like any task: its files are archived once
 * it succeeds.
 */
export const ImportTasksBody = z.strictObject({
  tasks: z
    .array(
      z.strictObject({
        id: z.string({ error: 'id must be a task id' }).check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'id must be a task id (letters, digits, - and _, at most 100)')),
        path: ImportPath,
      }),
      { error: 'tasks must be a list of {id, path}' },
    )
    .check(z.minLength(1, 'tasks must name at least one task'), z.maxLength(IMPORT_MAX, `tasks takes at most ${IMPORT_MAX} tasks at a time`)),
});
export type ImportTasksBody = z.output<typeof ImportTasksBody>;
/** What became of each task asked for: brought in, or left out with the reason. */
export const ImportTasksResult = z.object({
  imported: z.array(LedgerTask),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type ImportTasksResult = z.output<typeof ImportTasksResult>;

const LimitAmount = (what: string) =>
  z.optional(z.nullable(z.number({ error: `${what} must be a number of credits, or null for no limit` }).check(z.gte(0, `${what} must be 0 or more`), z.lte(1_000_000_000, `${what} must be at most 1,000,000,000`))));
/** `PUT /api/spend/limits/{service}`: a field left out keeps its limit; null removes it. `unit` defaults to the service's first (credits). */
export const PutSpendLimitBody = z.strictObject({ unit: z.optional(SpendUnit), daily: LimitAmount('daily'), perWrite: LimitAmount('perWrite') });
export type PutSpendLimitBody = z.infer<typeof PutSpendLimitBody>;

/**
 * Sandbox controls (Connections page, sandbox mode only): `POST /api/sandbox/{service}/credits`
 * tops up or resets the credits of the account the console uses in the sandbox and answers the
 * new balance; `POST /api/sandbox/{service}/reset` puts the service's sandbox back to a fresh
 * start. Both are refused (409) while the service runs live.
 */
export const SANDBOX_TOP_UP_MAX = 1_000_000;
export const SandboxCreditsBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('top-up'),
      amount: z.int({ error: 'amount must be a whole number of credits' }).check(z.gte(1, 'amount must be at least 1 credit'), z.lte(SANDBOX_TOP_UP_MAX, `amount takes at most ${SANDBOX_TOP_UP_MAX.toLocaleString('en-US')} credits at a time`)),
    }),
    z.strictObject({ action: z.literal('reset') }),
  ],
  { error: 'action must be top-up (with an amount) or reset' },
);
export type SandboxCreditsBody = z.output<typeof SandboxCreditsBody>;

/** The answers of the sandbox controls. */
export const SandboxCreditsResponse = /* @__PURE__ */ z.object({ balance: z.number() });
export const SandboxResetResponse = /* @__PURE__ */ z.object({ service: ServiceId, balance: z.nullable(z.number()) });
