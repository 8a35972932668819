import { isHttpUrl } from './common';
import { z } from './zod';
import { ServiceId } from './services';
import { TaskRecord } from './gen3d/records';

/** The BFF's own API: connections, the task ledger and live events. */

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
  updatedAt: z.nullable(z.number()),
});
export type Connection = z.infer<typeof Connection>;

export const ConnectionsResponse = z.object({ connections: z.array(Connection) });
export type ConnectionsResponse = z.infer<typeof ConnectionsResponse>;

const HttpUrl = z.pipe(
  z.string().check(
    z.trim(),
    z.refine((s) => isHttpUrl(s) && !new URL(s).username && !new URL(s).password, 'The base URL must be an http(s) URL without a user name or password'),
  ),
  z.transform((s) => s.replace(/\/+$/, '')),
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

export const PutConnectionResponse = z.object({
  connection: Connection,
  warnings: z.array(z.string()),
});
export type PutConnectionResponse = z.infer<typeof PutConnectionResponse>;

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
  /** Files copied into DATA_DIR (served after the service deletes its own). */
  archived: z.boolean(),
  task: TaskRecord,
  /** Watcher state; `lastError` explains a stalled watch. */
  watch: z.object({ active: z.boolean(), lastError: z.nullable(z.string()), nextCheckAt: z.nullable(z.number()) }),
});
export type LedgerTask = z.output<typeof LedgerTask>;

export const LedgerList = z.object({ tasks: z.array(LedgerTask) });
export type LedgerList = z.output<typeof LedgerList>;

export const BalancePoint = z.object({ at: z.number(), balance: z.number() });
export const BalanceHistory = z.object({ service: ServiceId, mode: ConnectionMode, points: z.array(BalancePoint) });
export type BalanceHistory = z.infer<typeof BalanceHistory>;

/** Events the BFF pushes to every open tab over one SSE connection (`GET /api/events`). */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), serverTime: z.number() }),
  z.object({ type: z.literal('task'), task: LedgerTask }),
  z.object({ type: z.literal('balance'), service: ServiceId, mode: ConnectionMode, balance: z.number(), at: z.number() }),
  z.object({ type: z.literal('identities') }),
  z.object({ type: z.literal('connections') }),
]);
export type LiveEvent = z.output<typeof LiveEvent>;

/** An agent the console holds a key for and can act as (the key itself stays in the BFF). */
export const Identity = z.object({ agentId: z.string(), name: z.string(), keyHint: z.string(), addedAt: z.number() });
export type Identity = z.infer<typeof Identity>;
export const IdentitiesResponse = z.object({ identities: z.array(Identity) });

/** Header naming the agent a request to the agent network is sent as. */
export const ACT_AS_HEADER = 'x-act-as';

/**
 * Sandbox controls (Connections page, sandbox mode only): `POST /api/sandbox/{service}/credits`
 * tops up or resets the credits of the account the console uses in the sandbox and answers the
 * new balance; `POST /api/sandbox/{service}/reset` puts the service's sandbox back to a fresh
 * start. Both are refused (409) while the service runs live. (Marked pure: the first page, which
 * reads this module for its events, does not carry them.)
 */
export const SANDBOX_TOP_UP_MAX = 1_000_000;
export const SandboxCreditsBody = /* @__PURE__ */ z.discriminatedUnion(
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
export const SandboxCreditsResponse = /* @__PURE__ */ z.object({ balance: z.number() });
export const SandboxResetResponse = /* @__PURE__ */ z.object({ service: ServiceId, balance: z.nullable(z.number()) });
