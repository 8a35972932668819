import type { Db } from '../../shared/db';
import { accountOf } from '../accounts';
import { creativeLab } from '../../../contracts/gen3d/operations';

export const gen3dMigrations = [
  `CREATE TABLE gen3d_accounts (key TEXT PRIMARY KEY, balance INTEGER NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE gen3d_tasks (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     account TEXT NOT NULL,
     type TEXT NOT NULL,
     request TEXT NOT NULL,
     status TEXT NOT NULL,
     cost INTEGER NOT NULL,
     duration INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     started_at INTEGER,
     finished_at INTEGER,
     fail_message TEXT,
     files TEXT,
     face_count INTEGER,
     deleted INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX gen3d_tasks_open ON gen3d_tasks (status) WHERE status IN ('PENDING', 'IN_PROGRESS');`,
];

/**
 * Columns added for every operation (appended to the sandbox's migration list after the other
 * services', so databases made before keep their numbering): the task's create path, the job its
 * files are made by, what the job reported, and where the task was made (`web` for the seeded
 * prototype a build must refuse).
 */
export const gen3dLaterMigrations = [
  `ALTER TABLE gen3d_tasks ADD COLUMN path TEXT NOT NULL DEFAULT '/openapi/v2/text-to-3d';
   ALTER TABLE gen3d_tasks ADD COLUMN job TEXT;
   ALTER TABLE gen3d_tasks ADD COLUMN meta TEXT;
   ALTER TABLE gen3d_tasks ADD COLUMN origin TEXT NOT NULL DEFAULT 'api';
   CREATE INDEX gen3d_tasks_path ON gen3d_tasks (account, path, seq);`,
];

export type TaskRow = {
  seq: number;
  id: string;
  account: string;
  /** The live `type` (text-to-3d-preview, image-to-3d, rig, creative-lab-figure-prototype, ...). */
  type: string;
  /** The create path the task belongs to (its list, get, stream and delete live there). */
  path: string;
  /** JSON of the job that makes its files (engine/jobs/types.ts). */
  job: string | null;
  /** JSON of what the job reported (face and vertex counts, printability, facts). */
  meta: string | null;
  origin: 'api' | 'web';
  request: string;
  status: 'PENDING' | 'IN_PROGRESS' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
  cost: number;
  duration: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  fail_message: string | null;
  /** JSON map of produced file names ({glb: "model.glb", ...}) once generated. */
  files: string | null;
  face_count: number | null;
  deleted: number;
};

export type NewTask = Pick<TaskRow, 'id' | 'account' | 'type' | 'path' | 'request' | 'status' | 'cost' | 'duration' | 'created_at' | 'fail_message'> &
  Partial<Pick<TaskRow, 'job' | 'started_at' | 'origin'>>;

export const STARTING_BALANCE = 1000;
/** The seeded web-app prototype's picture: the sandbox's own render of a prompt (engine/jobs). */
const WEB_PROTOTYPE_JOB = JSON.stringify({ kind: 'prototype', product: 'figure', image: null, text: 'a knight figure', removeBackground: true });

/** Data access for the 3D sandbox: accounts (one per key) and tasks. */
export class Gen3dStore {
  constructor(private readonly db: Db) {
    this.hashRawKeys();
  }

  /** Databases from before keys were hashed held raw keys as account ids: replace them by their hash. */
  private hashRawKeys() {
    const raw = this.db.prepare(`SELECT key FROM gen3d_accounts WHERE key LIKE 'msy%' UNION SELECT account FROM gen3d_tasks WHERE account LIKE 'msy%'`).pluck().all() as string[];
    if (raw.length === 0) return;
    this.db.transaction(() => {
      for (const key of raw) {
        const account = accountOf(key);
        this.db.prepare(`UPDATE gen3d_tasks SET account = ? WHERE account = ?`).run(account, key);
        this.db.prepare(`UPDATE gen3d_accounts SET key = ? WHERE key = ?`).run(account, key);
      }
    })();
  }

  balance(account: string, now: number): number {
    const added = this.db.prepare(`INSERT OR IGNORE INTO gen3d_accounts (key, balance, created_at) VALUES (?, ?, ?)`).run(account, STARTING_BALANCE, now);
    if (added.changes > 0) this.seedWebPrototype(account, now, WEB_PROTOTYPE_JOB);
    return (this.db.prepare(`SELECT balance FROM gen3d_accounts WHERE key = ?`).get(account) as { balance: number }).balance;
  }

  setBalance(account: string, balance: number, now: number) {
    this.balance(account, now);
    this.db.prepare(`UPDATE gen3d_accounts SET balance = ? WHERE key = ?`).run(balance, account);
  }

  addBalance(account: string, delta: number) {
    this.db.prepare(`UPDATE gen3d_accounts SET balance = balance + ? WHERE key = ?`).run(delta, account);
  }

  /** Sandbox controls: adds credits to an account; answers the new balance. */
  topUp(account: string, amount: number, now: number): number {
    this.balance(account, now);
    this.addBalance(account, amount);
    return this.balance(account, now);
  }

  /** Sandbox controls: the account's balance back to the starting figure. */
  resetBalance(account: string, now: number): number {
    this.setBalance(account, STARTING_BALANCE, now);
    return STARTING_BALANCE;
  }

  /** Sandbox controls: forgets every task of an account (deleted; open ones stop, as canceled). */
  clearTasks(account: string): number {
    return this.db
      .prepare(`UPDATE gen3d_tasks SET deleted = 1, status = CASE WHEN status IN ('PENDING', 'IN_PROGRESS') THEN 'CANCELED' ELSE status END WHERE account = ? AND deleted = 0`)
      .run(account).changes;
  }

  /** Charges and inserts atomically; false when the balance is short. */
  createTask(row: NewTask): boolean {
    return this.db.transaction(() => {
      if (this.balance(row.account, row.created_at) < row.cost) return false;
      this.addBalance(row.account, -row.cost);
      this.db
        .prepare(
          `INSERT INTO gen3d_tasks (id, account, type, path, request, job, status, cost, duration, created_at, started_at, fail_message, origin)
           VALUES (@id, @account, @type, @path, @request, @job, @status, @cost, @duration, @created_at, @started_at, @fail_message, @origin)`,
        )
        .run({ job: null, started_at: null, origin: 'api', ...row });
      return true;
    })();
  }

  /** A task of the account, on one create path when `path` is given. */
  get(account: string, id: string, path?: string): TaskRow | undefined {
    const row = this.db.prepare(`SELECT * FROM gen3d_tasks WHERE id = ? AND account = ? AND deleted = 0`).get(id, account) as TaskRow | undefined;
    return row && (path === undefined || row.path === path) ? row : undefined;
  }

  /** Seeds, once per account, a SUCCEEDED figure prototype marked as made in the web app (a build from it is 404). */
  seedWebPrototype(account: string, now: number, job: string) {
    const id = `webapp-${account.slice(0, 12)}`;
    if (this.db.prepare(`SELECT 1 FROM gen3d_tasks WHERE id = ?`).get(id)) return;
    // Its files are made like any task's: it starts long enough ago to finish on the next tick.
    this.db
      .prepare(
        `INSERT INTO gen3d_tasks (id, account, type, path, request, job, status, cost, duration, created_at, started_at, origin)
         VALUES (?, ?, 'creative-lab-figure-prototype', ?, ?, ?, 'IN_PROGRESS', 0, 1, ?, ?, 'web')`,
      )
      .run(id, account, creativeLab('figure', 'prototype'), JSON.stringify({ name: 'Made in the web app' }), job, now - 86_400_000, now - 86_400_000);
  }

  /** Test control: the face count a task's record declares (face-count refusals without big meshes). */
  declareFaces(id: string, faces: number) {
    this.db.prepare(`UPDATE gen3d_tasks SET face_count = ? WHERE id = ?`).run(faces, id);
  }

  ownerOf(id: string): string | undefined {
    return (this.db.prepare(`SELECT account FROM gen3d_tasks WHERE id = ?`).get(id) as { account: string } | undefined)?.account;
  }

  list(account: string, path: string, offset: number, limit: number, newestFirst: boolean, status?: string): TaskRow[] {
    return this.db
      .prepare(
        `SELECT * FROM gen3d_tasks WHERE account = ? AND path = ? AND deleted = 0 AND (? IS NULL OR status = ?)
         ORDER BY seq ${newestFirst ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
      )
      .all(account, path, status ?? null, status ?? null, limit, offset) as TaskRow[];
  }

  open(): TaskRow[] {
    return this.db.prepare(`SELECT * FROM gen3d_tasks WHERE status IN ('PENDING', 'IN_PROGRESS') AND deleted = 0 ORDER BY seq`).all() as TaskRow[];
  }

  openCount(account: string): number {
    return (
      this.db.prepare(`SELECT COUNT(*) AS n FROM gen3d_tasks WHERE account = ? AND status IN ('PENDING', 'IN_PROGRESS') AND deleted = 0 AND origin = 'api'`).get(account) as { n: number }
    ).n;
  }

  update(id: string, fields: Partial<Pick<TaskRow, 'status' | 'started_at' | 'finished_at' | 'files' | 'face_count' | 'meta' | 'deleted' | 'fail_message'>>) {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    this.db.prepare(`UPDATE gen3d_tasks SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
  }

  /** Marks a task FAILED and refunds it (document: failed tasks are refunded). */
  fail(row: TaskRow, at: number, message?: string) {
    this.db.transaction(() => {
      this.update(row.id, { status: 'FAILED', finished_at: at, ...(message ? { fail_message: message } : {}) });
      this.addBalance(row.account, row.cost);
    })();
  }

  /** Deletes a task; a PENDING one is refunded (docs/live-services.md#3d-generation--deleting-a-task). */
  remove(row: TaskRow) {
    this.db.transaction(() => {
      this.update(row.id, { deleted: 1, ...(row.status === 'PENDING' ? { status: 'CANCELED' as const } : {}) });
      if (row.status === 'PENDING') this.addBalance(row.account, row.cost);
    })();
  }
}
