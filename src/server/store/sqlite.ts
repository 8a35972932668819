import {
  CompiledQuery,
  type Kysely,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type ColumnDefinitionBuilder,
  type DatabaseConnection,
  type Dialect,
  type Expression,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { openSqliteFile } from '../../node-lib/sqlite';
import { kyselyOn } from './database';
import type { SqlDialect } from './dialect';
import { countSpendDay, countTask } from './summary-triggers';

/**
 * The one module that speaks SQLite's own SQL: every other query of the server is written with
 * kysely so that PostgreSQL accepts it too (store/postgres-compile.test.ts compiles them all).
 * Here: the file's mode and pragmas (node-lib/sqlite.ts), transactions that take the write lock
 * first, the `user_version` the hand-written runner kept, the plans of queries (EXPLAIN QUERY
 * PLAN), the tasks' trigram text index (FTS5), and the parts of the migrations that only SQLite
 * runs (triggers, the FTS5 table).
 */

/**
 * better-sqlite3 is one connection: kysely's driver hands it to one query or transaction at a time
 * (a mutex), so transactions never interleave. Transactions begin IMMEDIATE: the write lock is
 * taken before they read, so another process on the same file cannot pass the same checks in
 * between (the spend guard, the sign-in throttle).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** A SQLite file (WAL, 0600, prepared statements cached) under kysely; `log` sees each query run (tests). */
export function openSqliteKysely<DB>(file: string, log?: (query: CompiledQuery) => void): Kysely<DB> {
  const database = openSqliteFile(file);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver({ database }),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return kyselyOn<DB>(dialect, log);
}

/** Whether a kysely instance runs on SQLite (a migration's SQLite-only part runs only there). */
export const isSqlite = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The version the hand-written runner left in the file (0: none), for the Migrator's adoption step. */
export async function userVersion<DB>(db: Kysely<DB>): Promise<number> {
  if (!isSqlite(db)) return 0;
  const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(db);
  return rows[0]?.user_version ?? 0;
}

/** SQLite's plan of a query (tests and the benchmark check that indexes serve the ledger's pages). */
export async function queryPlan<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  return rows.map((r) => r.detail);
}

/** Statements only SQLite runs (triggers, FTS5); on another database the migration leaves them out, and says so in README.md. */
export async function sqliteOnly<DB>(db: Kysely<DB>, ...statements: RawBuilder<unknown>[]): Promise<void> {
  if (!isSqlite(db)) return;
  for (const statement of statements) await statement.execute(db);
}

/** An integer id the database numbers (`integer primary key autoincrement` here, an identity column elsewhere). */
export const autoId =
  <DB>(db: Kysely<DB>) =>
  (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isSqlite(db) ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();

/** A phrase for FTS5's MATCH: the text in double quotes (quotes doubled), so its words are never operators. */
const ftsPhrase = (q: string) => `"${q.replace(/"/g, '""')}"`;

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  /** Tasks whose id, prompt or name hold `text` (3 characters or more), through the trigram index of tasks_fts. */
  taskText: (text: string): Expression<SqlBool> => sql<SqlBool>`tasks.rowid in (select rowid from tasks_fts where tasks_fts match ${ftsPhrase(text)})`,
};

/** The task text index: an FTS5 trigram table over tasks.search, kept current by triggers. */
export const taskTextIndex = [
  sql`create virtual table tasks_fts using fts5(search, content = 'tasks', content_rowid = 'rowid', tokenize = 'trigram')`,
  sql`insert into tasks_fts (tasks_fts) values ('rebuild')`,
  sql`create trigger tasks_fts_insert after insert on tasks begin
        insert into tasks_fts (rowid, search) values (new.rowid, new.search);
      end`,
  sql`create trigger tasks_fts_delete after delete on tasks begin
        insert into tasks_fts (tasks_fts, rowid, search) values ('delete', old.rowid, old.search);
      end`,
  sql`create trigger tasks_fts_update after update of search on tasks begin
        insert into tasks_fts (tasks_fts, rowid, search) values ('delete', old.rowid, old.search);
        insert into tasks_fts (rowid, search) values (new.rowid, new.search);
      end`,
];

/** task_counts kept current by triggers: the ledger's summary reads a few rows, never the tasks. */
export const taskCountTriggers = [
  sql`create trigger tasks_count_insert after insert on tasks begin ${countTask('new', '+')} end`,
  sql`create trigger tasks_count_update after update of status, type on tasks begin ${countTask('old', '-')} ${countTask('new', '+')} end`,
  sql`create trigger tasks_count_delete after delete on tasks begin ${countTask('old', '-')} end`,
];

/** The spend_days triggers, with or without the unit in the key (before and after spend in several units). */
export function spendDayTriggers(withUnit: boolean) {
  return [
    sql`create trigger spends_days_insert after insert on spends begin ${countSpendDay('new', '+', withUnit)} end`,
    sql`create trigger spends_days_update after update of status, actual, reserved on spends begin ${countSpendDay('old', '-', withUnit)} ${countSpendDay('new', '+', withUnit)} end`,
  ];
}

export const dropSpendDayTriggers = [sql`drop trigger spends_days_insert`, sql`drop trigger spends_days_update`];
