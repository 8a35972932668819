import type { Db } from '../db';

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

export type TaskRow = {
  seq: number;
  id: string;
  account: string;
  type: 'text-to-3d-preview' | 'text-to-3d-refine';
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

export const STARTING_BALANCE = 1000;

/** Data access for the 3D sandbox: accounts (one per key) and tasks. */
export class Gen3dStore {
  constructor(private readonly db: Db) {}

  balance(account: string, now: number): number {
    this.db.prepare(`INSERT OR IGNORE INTO gen3d_accounts (key, balance, created_at) VALUES (?, ?, ?)`).run(account, STARTING_BALANCE, now);
    return (this.db.prepare(`SELECT balance FROM gen3d_accounts WHERE key = ?`).get(account) as { balance: number }).balance;
  }

  setBalance(account: string, balance: number, now: number) {
    this.balance(account, now);
    this.db.prepare(`UPDATE gen3d_accounts SET balance = ? WHERE key = ?`).run(balance, account);
  }

  addBalance(account: string, delta: number) {
    this.db.prepare(`UPDATE gen3d_accounts SET balance = balance + ? WHERE key = ?`).run(delta, account);
  }

  /** Charges and inserts atomically; false when the balance is short. */
  createTask(row: Omit<TaskRow, 'seq' | 'started_at' | 'finished_at' | 'files' | 'face_count' | 'deleted' | 'fail_message'> & { fail_message: string | null }): boolean {
    return this.db.transaction(() => {
      if (this.balance(row.account, row.created_at) < row.cost) return false;
      this.addBalance(row.account, -row.cost);
      this.db
        .prepare(
          `INSERT INTO gen3d_tasks (id, account, type, request, status, cost, duration, created_at, fail_message)
           VALUES (@id, @account, @type, @request, @status, @cost, @duration, @created_at, @fail_message)`,
        )
        .run(row);
      return true;
    })();
  }

  get(account: string, id: string): TaskRow | undefined {
    return this.db.prepare(`SELECT * FROM gen3d_tasks WHERE id = ? AND account = ? AND deleted = 0`).get(id, account) as TaskRow | undefined;
  }

  ownerOf(id: string): string | undefined {
    return (this.db.prepare(`SELECT account FROM gen3d_tasks WHERE id = ?`).get(id) as { account: string } | undefined)?.account;
  }

  list(account: string, type: string, offset: number, limit: number, newestFirst: boolean): TaskRow[] {
    return this.db
      .prepare(
        `SELECT * FROM gen3d_tasks WHERE account = ? AND type LIKE ? AND deleted = 0
         ORDER BY seq ${newestFirst ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
      )
      .all(account, type, limit, offset) as TaskRow[];
  }

  open(): TaskRow[] {
    return this.db.prepare(`SELECT * FROM gen3d_tasks WHERE status IN ('PENDING', 'IN_PROGRESS') AND deleted = 0 ORDER BY seq`).all() as TaskRow[];
  }

  openCount(account: string): number {
    return (
      this.db.prepare(`SELECT COUNT(*) AS n FROM gen3d_tasks WHERE account = ? AND status IN ('PENDING', 'IN_PROGRESS') AND deleted = 0`).get(account) as { n: number }
    ).n;
  }

  update(id: string, fields: Partial<Pick<TaskRow, 'status' | 'started_at' | 'finished_at' | 'files' | 'face_count' | 'deleted'>>) {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    this.db.prepare(`UPDATE gen3d_tasks SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
  }

  /** Marks a task FAILED and refunds it (document: failed tasks are refunded). */
  fail(row: TaskRow, at: number) {
    this.db.transaction(() => {
      this.update(row.id, { status: 'FAILED', finished_at: at });
      this.addBalance(row.account, row.cost);
    })();
  }

  /** Deletes a task; a PENDING one is refunded (field notes). */
  remove(row: TaskRow) {
    this.db.transaction(() => {
      this.update(row.id, { deleted: 1, ...(row.status === 'PENDING' ? { status: 'CANCELED' as const } : {}) });
      if (row.status === 'PENDING') this.addBalance(row.account, row.cost);
    })();
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
    return this.db.prepare(`UPDATE gen3d_tasks SET deleted = 1, status = CASE WHEN status IN ('PENDING', 'IN_PROGRESS') THEN 'CANCELED' ELSE status END WHERE account = ? AND deleted = 0`).run(account).changes;
  }
}
