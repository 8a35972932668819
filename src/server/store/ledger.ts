import { rmSync } from 'node:fs';
import { LedgerTask, type ArchiveFile, type ConnectionMode, type FileState } from '../../contracts/bff';
import { outputFieldsOf, outputFiles } from '../../contracts/gen3d/outputs';
import { assetUrl, rewriteOutputs } from '../archive/assets';
import type { Db } from './db';

export type TaskRow = {
  id: string;
  service: 'gen3d';
  create_path: string;
  mode: ConnectionMode;
  base_url: string;
  parent_id: string | null;
  request: string;
  created_at: number;
  updated_at: number;
  status: string;
  record: string;
  archived: number;
  watch_error: string | null;
  next_check_at: number | null;
  spend_id: number | null;
  recovered: number;
  imported: number;
};

export type AssetRow = {
  task_id: string;
  key: string;
  upstream_url: string;
  file: string | null;
  content_type: string | null;
  size: number | null;
  state: FileState | 'legacy';
  attempts: number;
  next_attempt_at: number | null;
  reason: string | null;
  archived_at: number | null;
};

const parse = (json: string): unknown => {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
};
/** What the text filter searches: id, prompt and name, in lower case. */
function searchText(id: string, request: unknown, record: unknown): string {
  const str = (o: unknown, k: string) => {
    const v = o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined;
    return typeof v === 'string' ? v : '';
  };
  return [id, str(request, 'prompt') || str(record, 'prompt'), str(record, 'name')].join(' ').toLowerCase().slice(0, 4000);
}

/** The output fields of a task row's type (contracts/gen3d/outputs). */
const fieldsOf = (row: Pick<TaskRow, 'record' | 'request' | 'create_path'>) =>
  outputFieldsOf((parse(row.record) as { type?: unknown } | null)?.type, row.create_path, parse(row.request) as { mode?: unknown } | null);

/** The ledger of tasks created from this console, and their files. */
export class Ledger {
  constructor(private readonly db: Db) {}

  insert(t: {
    id: string;
    createPath: string;
    mode: ConnectionMode;
    baseUrl: string;
    parentId: string | null;
    request: unknown;
    record: unknown;
    at: number;
    /** The spend ledger's row of the create. */
    spendId?: number | null;
    /** Found in the service's list after its answer was lost. */
    recovered?: boolean;
    /** Made by the account elsewhere and brought in (no spend row). */
    imported?: boolean;
    /** When the ledger learnt of it, if not `at` (an imported task: its changes are new though it is old). */
    updatedAt?: number;
  }) {
    const type = (t.record as { type?: unknown } | null)?.type;
    this.db
      .prepare(
        `INSERT OR IGNORE INTO tasks (id, service, create_path, mode, base_url, parent_id, request, created_at, updated_at, status, record, spend_id, recovered, imported, type, search)
         VALUES (?, 'gen3d', ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        t.id,
        t.createPath,
        t.mode,
        t.baseUrl,
        t.parentId,
        JSON.stringify(t.request),
        t.at,
        t.updatedAt ?? t.at,
        JSON.stringify(t.record),
        t.spendId ?? null,
        t.recovered ? 1 : 0,
        t.imported ? 1 : 0,
        typeof type === 'string' ? type : null,
        searchText(t.id, t.request, t.record),
      );
  }

  /** The task a spend ledger row made, if the ledger holds it. */
  bySpend(spendId: number): TaskRow | undefined {
    return this.db.prepare(`SELECT * FROM tasks WHERE spend_id = ?`).get(spendId) as TaskRow | undefined;
  }

  get(id: string): TaskRow | undefined {
    return this.db.prepare(`SELECT * FROM tasks WHERE id = ?`).get(id) as TaskRow | undefined;
  }

  /** Tasks still to watch: unfinished, or succeeded with files still to copy (indexes, not a scan). */
  unfinished(): TaskRow[] {
    return this.db
      .prepare(
        `SELECT * FROM tasks WHERE status NOT IN ('SUCCEEDED', 'FAILED', 'CANCELED')
         UNION SELECT * FROM tasks WHERE id IN (SELECT task_id FROM assets WHERE state = 'pending') AND status = 'SUCCEEDED'`,
      )
      .all() as TaskRow[];
  }

  /** Stores a new upstream record; true when it changed anything. Its output files join the archive's list. */
  updateRecord(id: string, record: unknown, status: string, at: number): boolean {
    const json = JSON.stringify(record);
    const res = this.db
      .prepare(`UPDATE tasks SET record = ?, status = ?, updated_at = ?, watch_error = NULL WHERE id = ? AND (record != ? OR status != ?)`)
      .run(json, status, at, id, json, status);
    if (res.changes > 0) {
      const row = this.get(id);
      if (row) {
        this.addOutputs(row);
        // The text index changes only when the words do (a refine learns its preview's prompt).
        const text = searchText(id, parse(row.request), record);
        this.db.prepare(`UPDATE tasks SET search = ? WHERE id = ? AND search != ?`).run(text, id, text);
      }
    }
    return res.changes > 0;
  }

  private addOutputs(row: TaskRow) {
    const upsert = this.db.prepare(
      `INSERT INTO assets (task_id, key, upstream_url, state) VALUES (?, ?, ?, 'pending')
       ON CONFLICT(task_id, key) DO UPDATE SET upstream_url = excluded.upstream_url WHERE assets.state IN ('pending', 'retrying')`,
    );
    for (const a of outputFiles(parse(row.record), fieldsOf(row))) upsert.run(row.id, a.key, a.url);
  }

  /**
   * Files listed before the output table existed (every URL of a record, inputs too): the outputs
   * among them are kept, the rest (an echoed prompt, an input image) are forgotten and their copies
   * deleted. Runs once, at start-up.
   */
  settleLegacyAssets() {
    const legacy = this.db.prepare(`SELECT * FROM assets WHERE state = 'legacy'`).all() as AssetRow[];
    if (legacy.length === 0) return;
    this.db.transaction(() => {
      const outputsOf = new Map<string, Set<string>>();
      for (const a of legacy) {
        let keys = outputsOf.get(a.task_id);
        if (!keys) {
          const row = this.get(a.task_id);
          keys = new Set(row ? outputFiles(parse(row.record), fieldsOf(row)).map((f) => f.key) : []);
          outputsOf.set(a.task_id, keys);
        }
        if (keys.has(a.key)) {
          this.db.prepare(`UPDATE assets SET state = ?, archived_at = ? WHERE task_id = ? AND key = ?`).run(a.file ? 'archived' : 'pending', a.file ? Date.now() : null, a.task_id, a.key);
        } else {
          if (a.file) rmSync(a.file, { force: true });
          this.db.prepare(`DELETE FROM assets WHERE task_id = ? AND key = ?`).run(a.task_id, a.key);
        }
      }
      for (const id of outputsOf.keys()) this.refreshArchived(id);
    })();
  }

  setWatch(id: string, error: string | null, nextCheckAt: number | null) {
    this.db.prepare(`UPDATE tasks SET watch_error = ?, next_check_at = ? WHERE id = ?`).run(error, nextCheckAt, id);
  }

  /** A task is archived when every output file has a copy. */
  refreshArchived(id: string) {
    this.db
      .prepare(`UPDATE tasks SET archived = (SELECT COUNT(*) = 0 FROM assets WHERE task_id = ? AND state != 'archived') WHERE id = ?`)
      .run(id, id);
  }

  assets(taskId: string): AssetRow[] {
    return this.db.prepare(`SELECT * FROM assets WHERE task_id = ?`).all(taskId) as AssetRow[];
  }

  asset(taskId: string, key: string): AssetRow | undefined {
    return this.db.prepare(`SELECT * FROM assets WHERE task_id = ? AND key = ?`).get(taskId, key) as AssetRow | undefined;
  }

  setAssetFile(taskId: string, key: string, file: string, contentType: string | null, size: number, at: number) {
    this.db
      .prepare(`UPDATE assets SET file = ?, content_type = ?, size = ?, state = 'archived', reason = NULL, next_attempt_at = NULL, archived_at = ? WHERE task_id = ? AND key = ?`)
      .run(file, contentType, size, at, taskId, key);
  }

  setAssetState(taskId: string, key: string, state: Exclude<FileState, 'archived'>, reason: string | null, nextAttemptAt: number | null = null, attempts?: number) {
    this.db
      .prepare(`UPDATE assets SET state = ?, reason = ?, next_attempt_at = ?, attempts = COALESCE(?, attempts) WHERE task_id = ? AND key = ?`)
      .run(state, reason, nextAttemptAt, attempts ?? null, taskId, key);
  }

  /** Tasks with a failed copy due for another try. */
  dueRetries(now: number, limit = 20): string[] {
    return this.db.prepare(`SELECT DISTINCT task_id FROM assets WHERE state = 'retrying' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`).pluck().all(now, limit) as string[];
  }

  /** Archived copies made before `before`, for the retention sweep. */
  archivedBefore(before: number, limit = 500): AssetRow[] {
    return this.db.prepare(`SELECT * FROM assets WHERE state = 'archived' AND archived_at < ? LIMIT ?`).all(before, limit) as AssetRow[];
  }

  /** Files, bytes and tasks of the archive, and how many files are in each state. */
  /** A setting the operator saved in the console, or null (the environment's default holds). */
  setting(key: string): string | null {
    return (this.db.prepare(`SELECT value FROM console_settings WHERE key = ?`).pluck().get(key) as string | undefined) ?? null;
  }

  saveSetting(key: string, value: string, at: number) {
    this.db
      .prepare(`INSERT INTO console_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`)
      .run(key, value, at);
  }

  archiveUsage(): { files: number; bytes: number; tasks: number; byState: Record<string, number> } {
    const totals = this.db.prepare(`SELECT COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes, COUNT(DISTINCT task_id) AS tasks FROM assets WHERE state = 'archived'`).get() as {
      files: number;
      bytes: number;
      tasks: number;
    };
    const rows = this.db.prepare(`SELECT state, COUNT(*) AS n FROM assets GROUP BY state`).all() as Array<{ state: string; n: number }>;
    return { ...totals, byState: Object.fromEntries(rows.map((r) => [r.state, r.n])) };
  }

  /** Each output file of a task with its archive state. */
  files(taskId: string): ArchiveFile[] {
    return this.assets(taskId).map((a) => ({
      key: a.key,
      url: assetUrl('gen3d', taskId, a.key),
      state: a.state === 'legacy' ? 'pending' : a.state,
      size: a.size,
      attempts: a.attempts,
      nextAttemptAt: a.next_attempt_at,
      reason: a.reason,
    }));
  }

  /** The row as the browser sees it: normalized record, same-origin file URLs, watch state; `files` adds each file's archive state. */
  toLedgerTask(row: TaskRow, watching: boolean, opts: { files?: boolean } = {}): LedgerTask {
    return LedgerTask.parse({
      id: row.id,
      service: row.service,
      createPath: row.create_path,
      mode: row.mode,
      parentId: row.parent_id,
      request: JSON.parse(row.request) as Record<string, unknown>,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      archived: row.archived === 1,
      recovered: row.recovered === 1,
      imported: row.imported === 1,
      task: rewriteOutputs(JSON.parse(row.record) as unknown, row.id, row.create_path, parse(row.request) as { mode?: unknown } | null),
      watch: { active: watching, lastError: row.watch_error, nextCheckAt: row.next_check_at },
      ...(opts.files ? { files: this.files(row.id), serviceModel: serviceModel(JSON.parse(row.record) as unknown) } : {}),
    });
  }
}

/** The service's own URL of a record's model (GLB, else OBJ or STL) and its expiry, when it has both. */
function serviceModel(record: unknown): { url: string; format: string; expiresAt: number } | null {
  if (!record || typeof record !== 'object') return null;
  const r = record as { model_urls?: Record<string, unknown> | null; expires_at?: unknown };
  const expiresAt = typeof r.expires_at === 'number' && r.expires_at > 0 ? r.expires_at : null;
  for (const format of ['glb', 'obj', 'stl']) {
    const url = r.model_urls?.[format];
    if (typeof url === 'string' && /^https?:\/\//.test(url) && expiresAt !== null) return { url, format, expiresAt };
  }
  return null;
}
