import { LedgerTask, type ConnectionMode } from '../../contracts/bff';
import { isTerminal } from '../../contracts/gen3d';
import { collectAssets, rewriteAssets } from '../archive/assets';
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
};

export type AssetRow = { task_id: string; key: string; upstream_url: string; file: string | null; content_type: string | null; size: number | null };

/** The ledger of tasks created from this console, and their files. */
export class Ledger {
  constructor(private readonly db: Db) {}

  insert(t: { id: string; createPath: string; mode: ConnectionMode; baseUrl: string; parentId: string | null; request: unknown; record: unknown; at: number }) {
    this.db
      .prepare(
        `INSERT OR IGNORE INTO tasks (id, service, create_path, mode, base_url, parent_id, request, created_at, updated_at, status, record)
         VALUES (?, 'gen3d', ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?)`,
      )
      .run(t.id, t.createPath, t.mode, t.baseUrl, t.parentId, JSON.stringify(t.request), t.at, t.at, JSON.stringify(t.record));
  }

  get(id: string): TaskRow | undefined {
    return this.db.prepare(`SELECT * FROM tasks WHERE id = ?`).get(id) as TaskRow | undefined;
  }

  list(): TaskRow[] {
    return this.db.prepare(`SELECT * FROM tasks ORDER BY created_at DESC, rowid DESC`).all() as TaskRow[];
  }

  /** Tasks still to watch: unfinished, or finished but with files not yet archived. */
  unfinished(): TaskRow[] {
    return this.list().filter((r) => !isTerminal(r.status) || (r.status === 'SUCCEEDED' && !r.archived));
  }

  /** Stores a new upstream record; true when it changed anything. */
  updateRecord(id: string, record: unknown, status: string, at: number): boolean {
    const json = JSON.stringify(record);
    const res = this.db
      .prepare(`UPDATE tasks SET record = ?, status = ?, updated_at = ?, watch_error = NULL WHERE id = ? AND record != ?`)
      .run(json, status, at, id, json);
    if (res.changes > 0) {
      const upsert = this.db.prepare(
        `INSERT INTO assets (task_id, key, upstream_url) VALUES (?, ?, ?)
         ON CONFLICT(task_id, key) DO UPDATE SET upstream_url = excluded.upstream_url`,
      );
      for (const a of collectAssets(record)) upsert.run(id, a.key, a.url);
    }
    return res.changes > 0;
  }

  setWatch(id: string, error: string | null, nextCheckAt: number | null) {
    this.db.prepare(`UPDATE tasks SET watch_error = ?, next_check_at = ? WHERE id = ?`).run(error, nextCheckAt, id);
  }

  setArchived(id: string) {
    this.db.prepare(`UPDATE tasks SET archived = 1 WHERE id = ?`).run(id);
  }

  assets(taskId: string): AssetRow[] {
    return this.db.prepare(`SELECT * FROM assets WHERE task_id = ?`).all(taskId) as AssetRow[];
  }

  asset(taskId: string, key: string): AssetRow | undefined {
    return this.db.prepare(`SELECT * FROM assets WHERE task_id = ? AND key = ?`).get(taskId, key) as AssetRow | undefined;
  }

  setAssetFile(taskId: string, key: string, file: string, contentType: string | null, size: number) {
    this.db.prepare(`UPDATE assets SET file = ?, content_type = ?, size = ? WHERE task_id = ? AND key = ?`).run(file, contentType, size, taskId, key);
  }

  /** The row as the browser sees it: normalized record, same-origin file URLs, watch state. */
  toLedgerTask(row: TaskRow, watching: boolean): LedgerTask {
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
      task: rewriteAssets(JSON.parse(row.record) as unknown, row.service, row.id),
      watch: { active: watching, lastError: row.watch_error, nextCheckAt: row.next_check_at },
    });
  }
}
