import { sql, type Selectable } from 'kysely';
import type { ConnectionMode } from '../../contracts/bff';
import type { TriptychDb } from './db';
import type { TasksTable } from './schema';
import type { TaskFiles } from './task-files';

export type TaskRow = Selectable<TasksTable>;

/** JSON text as a value; null when it is not JSON. */
export function parseJson(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

/** A field of a parsed JSON object (undefined for anything else). */
export const field = (o: unknown, k: string): unknown => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined);

/** What the text filter searches: id, prompt and name, in lower case. */
export function searchText(id: string, request: unknown, record: unknown): string {
  const str = (o: unknown, k: string) => {
    const v = field(o, k);
    return typeof v === 'string' ? v : '';
  };
  return [id, str(request, 'prompt') || str(record, 'prompt'), str(record, 'name')].join(' ').toLowerCase().slice(0, 4000);
}

/** The task a 3D create made, as the console records it. */
export type NewTask = {
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
};

/**
 * The tasks created from this console (the ledger's rows): each with its service record, its
 * watch state and its spend row. Their output files are kept by TaskFiles (store/task-files.ts),
 * the pages read by TaskPages (store/task-pages.ts).
 */
export class TaskStore {
  constructor(
    private readonly db: TriptychDb,
    private readonly files: TaskFiles,
  ) {}

  /** Records a new task (a second insert of the same id changes nothing). */
  async insert(t: NewTask): Promise<void> {
    const type = field(t.record, 'type');
    await this.db.q
      .insertInto('tasks')
      .values({
        id: t.id,
        service: 'gen3d',
        create_path: t.createPath,
        mode: t.mode,
        base_url: t.baseUrl,
        parent_id: t.parentId,
        request: JSON.stringify(t.request),
        created_at: t.at,
        updated_at: t.updatedAt ?? t.at,
        status: 'PENDING',
        record: JSON.stringify(t.record),
        spend_id: t.spendId ?? null,
        recovered: t.recovered ? 1 : 0,
        imported: t.imported ? 1 : 0,
        type: typeof type === 'string' ? type : null,
        search: searchText(t.id, t.request, t.record),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The task a spend ledger row made, if the ledger holds it. */
  bySpend(spendId: number): Promise<TaskRow | undefined> {
    return this.db.q.selectFrom('tasks').selectAll().where('spend_id', '=', spendId).executeTakeFirst();
  }

  get(id: string): Promise<TaskRow | undefined> {
    return this.db.q.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Tasks still to watch: unfinished, or succeeded with files still to copy (the partial indexes
   * tasks_open and assets_pending, not a scan: their conditions are written as literals, which a
   * database matches to an index's own).
   */
  unfinished(): Promise<TaskRow[]> {
    const q = this.db.q;
    return q
      .selectFrom('tasks')
      .selectAll()
      .where('status', 'not in', [sql.lit('SUCCEEDED'), sql.lit('FAILED'), sql.lit('CANCELED')])
      .union(
        q
          .selectFrom('tasks')
          .selectAll()
          .where('id', 'in', q.selectFrom('assets').select('task_id').where('state', '=', sql.lit('pending')))
          .where('status', '=', 'SUCCEEDED'),
      )
      .execute();
  }

  /** Stores a new upstream record; true when it changed anything. Its output files join the archive's list. */
  updateRecord(id: string, record: unknown, status: string, at: number): Promise<boolean> {
    const json = JSON.stringify(record);
    return this.db.transaction(async () => {
      const res = await this.db.q
        .updateTable('tasks')
        .set({ record: json, status, updated_at: at, watch_error: null })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('record', '!=', json), eb('status', '!=', status)]))
        .executeTakeFirst();
      if (res.numUpdatedRows === 0n) return false;
      const row = await this.get(id);
      if (row) {
        await this.files.addOutputs(row);
        // The text index changes only when the words do (a refine learns its preview's prompt).
        const text = searchText(id, parseJson(row.request), record);
        await this.db.q.updateTable('tasks').set({ search: text }).where('id', '=', id).where('search', '!=', text).execute();
      }
      return true;
    });
  }

  async setWatch(id: string, error: string | null, nextCheckAt: number | null): Promise<void> {
    await this.db.q.updateTable('tasks').set({ watch_error: error, next_check_at: nextCheckAt }).where('id', '=', id).execute();
  }
}
