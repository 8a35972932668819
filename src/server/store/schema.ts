import type { Generated } from 'kysely';
import type { ConnectionMode, FileState } from '../../contracts/bff';
import type { SpendStatus } from '../../contracts/spend';
import type { Verdict } from '../../contracts/social';
import type { ServiceId } from '../../contracts/services';

/**
 * The tables of the BFF's database (`triptych.db` in DATA_DIR), as kysely reads and writes them:
 * `Generated` columns have a default (or are numbered) and may be left out of an insert. Times are
 * epoch milliseconds; JSON is kept as text; flags are 0 or 1. The migrations that make them are in
 * store/migrations.ts.
 */
export type Database = {
  connections: { service: ServiceId; mode: ConnectionMode; base_url: string | null; updated_at: number };
  tasks: TasksTable;
  assets: AssetsTable;
  balances: { id: Generated<number>; service: ServiceId; mode: ConnectionMode; at: number; balance: number };
  spends: SpendsTable;
  spend_days: {
    service: ServiceId;
    mode: ConnectionMode;
    unit: string;
    day: string;
    amount: Generated<number>;
    writes: Generated<number>;
    unsettled: Generated<number>;
    recovered: Generated<number>;
  };
  spend_limits: { service: ServiceId; unit: string; daily: number | null; per_write: number | null; updated_at: number };
  task_counts: { service: string; status: string; type: string; n: Generated<number> };
  console_settings: { key: string; value: string; updated_at: number };
  /** Every write made through the console (audit/audit-log.ts): who, what, its answer, its spend row. */
  audit: { id: Generated<number>; at: number; actor: string | null; role: string | null; method: string; path: string; status: number; spend_id: number | null };
  /**
   * Saved API keys (connections/keyring.ts): a service's key (`kind` service, `id` the service,
   * `origin` where it may be sent) or an agent's (`kind` agent, `id` the agent, on `mode` and
   * `base_url`). `secret` is sealed under KEYS_SECRET (connections/key-cipher.ts), or plain without it.
   */
  keyring: {
    kind: 'service' | 'agent';
    id: string;
    mode: ConnectionMode;
    base_url: string;
    origin: string | null;
    name: string | null;
    secret: string;
    added_at: number;
  };
  console_processes: { id: string; host: string; pid: number; started_at: number; expires_at: number };
  task_payments: {
    mode: ConnectionMode;
    base_url: string;
    payment_id: string;
    pool_task_id: string;
    payer: string | null;
    payee: string | null;
    amount: number;
    currency: string;
    reason: string | null;
    spend_id: number | null;
    created_at: number;
  };
  social_console_jobs: {
    id: string;
    mode: ConnectionMode;
    base_url: string;
    tool_type: string;
    target_key: string;
    target: string;
    request: string;
    status: string;
    created_at: number;
    finished_at: number | null;
    total_rows: number | null;
    new_rows: number | null;
    schedule_id: string | null;
  };
  social_seen: { mode: ConnectionMode; target_key: string; row_id: string; job_id: string };
  social_schedules: {
    id: string;
    request: string;
    every_hours: number;
    active: number;
    next_run_at: number | null;
    last_run_at: number | null;
    last_job_id: string | null;
    last_error: string | null;
    created_at: number;
  };
  social_received: {
    seq: Generated<number>;
    id: string;
    hook_id: string;
    webhook_id: string | null;
    received_at: number;
    verdict: Verdict;
    reason: string | null;
    event_type: string | null;
    event_id: string | null;
    delivery_id: string | null;
    body: string;
  };
  hook_nonces: { nonce: string; expires_at: number };
};

export type TasksTable = {
  id: string;
  service: ServiceId;
  create_path: string;
  mode: ConnectionMode;
  base_url: string;
  parent_id: string | null;
  /** The create's body (JSON). */
  request: string;
  created_at: number;
  updated_at: number;
  status: string;
  /** The service's record of the task (JSON). */
  record: string;
  /** 1 when every output file has a copy in the archive. */
  archived: Generated<number>;
  watch_error: string | null;
  next_check_at: number | null;
  /** The spend ledger's row of its create. */
  spend_id: number | null;
  recovered: Generated<number>;
  imported: Generated<number>;
  type: string | null;
  /** What the text filter searches: id, prompt and name, in lower case. */
  search: Generated<string>;
};

export type AssetsTable = {
  task_id: string;
  key: string;
  upstream_url: string;
  file: string | null;
  content_type: string | null;
  size: number | null;
  /** 'legacy': listed before the output table, until start-up settles it (store/task-files.ts). */
  state: Generated<FileState | 'legacy'>;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  reason: string | null;
  archived_at: number | null;
};

export type SpendsTable = {
  id: Generated<number>;
  service: ServiceId;
  mode: ConnectionMode;
  base_url: string;
  operation: string;
  method: string;
  path: string;
  /** The write's body (JSON, long strings kept as their length and digest). */
  body: string;
  unit: string;
  reserved: number;
  actual: number | null;
  status: SpendStatus;
  ref: string | null;
  error: string | null;
  /** The UTC day of created_at (`2025-06-01`). */
  day: string;
  created_at: number;
  updated_at: number;
  /** The console process waiting for its answer (store/process-lease.ts); null once answered or given up on. */
  owner: string | null;
  /** Who made the write (the signed-in operator's email); null without sign-in or for a schedule's run. */
  actor: string | null;
};
