import { rmSync } from 'node:fs';
import { sql, type Selectable } from 'kysely';
import type { FileState } from '../../contracts/bff';
import { outputFieldsOf, outputFiles } from '../../contracts/gen3d/outputs';
import type { TriptychDb } from './db';
import type { AssetsTable } from './schema';
import { field, parseJson, type TaskRow } from './tasks';

export type AssetRow = Selectable<AssetsTable>;
export type ArchiveCounts = { files: number; bytes: number; tasks: number; byState: Record<string, number> };

/** The output fields of a task row's type (contracts/gen3d/outputs). */
const fieldsOf = (row: Pick<TaskRow, 'record' | 'request' | 'create_path'>) => {
  const request = parseJson(row.request);
  return outputFieldsOf(field(parseJson(row.record), 'type'), row.create_path, { mode: field(request, 'mode') });
};

/**
 * Each task's output files and their archive state (pending, archived, retrying, lost, removed):
 * what the archive copies and serves (archive/archive.ts), and whether a task is archived.
 */
export class TaskFiles {
  constructor(private readonly db: TriptychDb) {}

  /** The record's output files join the list (a URL still to copy is replaced; a copy made is kept). */
  async addOutputs(row: Pick<TaskRow, 'id' | 'record' | 'request' | 'create_path'>): Promise<void> {
    for (const a of outputFiles(parseJson(row.record), fieldsOf(row))) {
      await this.db.q
        .insertInto('assets')
        .values({ task_id: row.id, key: a.key, upstream_url: a.url, state: 'pending' })
        .onConflict((oc) =>
          oc
            .columns(['task_id', 'key'])
            .doUpdateSet((eb) => ({ upstream_url: eb.ref('excluded.upstream_url') }))
            .where('assets.state', 'in', ['pending', 'retrying']),
        )
        .execute();
    }
  }

  /**
   * Files listed before the output table existed (every URL of a record, inputs too): the outputs
   * among them are kept, the rest (an echoed prompt, an input image) are forgotten and their copies
   * deleted. Runs once, at start-up.
   */
  async settleLegacy(): Promise<void> {
    const legacy = await this.db.q.selectFrom('assets').selectAll().where('state', '=', 'legacy').execute();
    if (legacy.length === 0) return;
    await this.db.transaction(async () => {
      const outputsOf = new Map<string, Set<string>>();
      for (const a of legacy) {
        let keys = outputsOf.get(a.task_id);
        if (!keys) {
          const row = await this.db.q.selectFrom('tasks').select(['record', 'request', 'create_path']).where('id', '=', a.task_id).executeTakeFirst();
          keys = new Set(row ? outputFiles(parseJson(row.record), fieldsOf(row)).map((f) => f.key) : []);
          outputsOf.set(a.task_id, keys);
        }
        if (keys.has(a.key)) {
          await this.db.q
            .updateTable('assets')
            .set({ state: a.file ? 'archived' : 'pending', archived_at: a.file ? Date.now() : null })
            .where('task_id', '=', a.task_id)
            .where('key', '=', a.key)
            .execute();
        } else {
          if (a.file) rmSync(a.file, { force: true });
          await this.db.q.deleteFrom('assets').where('task_id', '=', a.task_id).where('key', '=', a.key).execute();
        }
      }
      for (const id of outputsOf.keys()) await this.refreshArchived(id);
    });
  }

  /** A task is archived when every output file has a copy. */
  async refreshArchived(id: string): Promise<void> {
    await this.db.q
      .updateTable('tasks')
      .set((eb) => ({
        archived: eb
          .case()
          .when(eb.exists(eb.selectFrom('assets').select('key').where('task_id', '=', id).where('state', '!=', 'archived')))
          .then(eb.lit(0))
          .else(eb.lit(1))
          .end(),
      }))
      .where('id', '=', id)
      .execute();
  }

  list(taskId: string): Promise<AssetRow[]> {
    return this.db.q.selectFrom('assets').selectAll().where('task_id', '=', taskId).execute();
  }

  get(taskId: string, key: string): Promise<AssetRow | undefined> {
    return this.db.q.selectFrom('assets').selectAll().where('task_id', '=', taskId).where('key', '=', key).executeTakeFirst();
  }

  async setFile(taskId: string, key: string, file: string, contentType: string | null, size: number, at: number): Promise<void> {
    await this.db.q
      .updateTable('assets')
      .set({ file, content_type: contentType, size, state: 'archived', reason: null, next_attempt_at: null, archived_at: at })
      .where('task_id', '=', taskId)
      .where('key', '=', key)
      .execute();
  }

  async setState(taskId: string, key: string, state: Exclude<FileState, 'archived'>, reason: string | null, nextAttemptAt: number | null = null, attempts?: number): Promise<void> {
    await this.db.q
      .updateTable('assets')
      .set({ state, reason, next_attempt_at: nextAttemptAt, attempts })
      .where('task_id', '=', taskId)
      .where('key', '=', key)
      .execute();
  }

  /** Tasks with a failed copy due for another try, the longest due first. */
  async dueRetries(now: number, limit = 20): Promise<string[]> {
    const rows = await this.db.q
      .selectFrom('assets')
      .select((eb) => ['task_id', eb.fn.min('next_attempt_at').as('due')])
      .where('state', '=', sql.lit('retrying'))
      .where('next_attempt_at', '<=', now)
      .groupBy('task_id')
      .orderBy('due')
      .limit(limit)
      .execute();
    return rows.map((r) => r.task_id);
  }

  /** Archived copies made before `before`, for the retention sweep. */
  archivedBefore(before: number, limit = 500): Promise<AssetRow[]> {
    return this.db.q.selectFrom('assets').selectAll().where('state', '=', sql.lit('archived')).where('archived_at', '<', before).limit(limit).execute();
  }

  /** Files, bytes and tasks of the archive, and how many files are in each state. */
  async usage(): Promise<ArchiveCounts> {
    const totals = await this.db.q
      .selectFrom('assets')
      .select((eb) => [
        eb.fn.countAll<number>().as('files'),
        eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
        eb.fn.count<number>('task_id').distinct().as('tasks'),
      ])
      .where('state', '=', 'archived')
      .executeTakeFirstOrThrow();
    const rows = await this.db.q
      .selectFrom('assets')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
    return { ...totals, byState: Object.fromEntries(rows.map((r) => [r.state, r.n])) };
  }
}
