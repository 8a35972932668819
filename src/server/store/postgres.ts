import {
  CompiledQuery,
  type Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type RawBuilder,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { kyselyOn } from './database';
import { containsText, type SqlDialect } from './dialect';
import { countSpendDay, countTask } from './summary-triggers';

/**
 * The one module that speaks PostgreSQL's own SQL (team mode, `DATABASE_URL`; README, Team): the
 * pool, transactions that run one at a time like SQLite's, numbers read as numbers, and what the
 * migrations make only here (the trigger functions and the trigram index that store/sqlite.ts makes
 * with SQLite's own SQL).
 */

/** int8 (counts, times in milliseconds) and numeric as JavaScript numbers, as SQLite gives them. */
const NUMERIC_TYPES = new Set([pg.types.builtins.INT8, pg.types.builtins.NUMERIC]);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    NUMERIC_TYPES.has(oid) ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The key of the advisory lock every transaction takes first: transactions run one after another
 * across every process on the database, as SQLite's `begin immediate` makes them on a file, so a
 * check and the write it allows (the spend guard, the sign-in throttle, a delivery's nonce) are
 * never passed twice by racing processes. Reads outside transactions do not wait for it.
 */
const TRANSACTION_LOCK = 0x74726970; // "trip"

class SerialPostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${TRANSACTION_LOCK})`));
  }
}

/** A schema of the console's in a PostgreSQL database: lower-case letters and underscores. */
const SCHEMA = /^[a-z_]{1,40}$/;

/**
 * A PostgreSQL database (a `postgres://` URL) under kysely; `log` sees each query run (tests).
 * With `schema`, its connections read and write that schema alone (`search_path`): the console's
 * other databases (sign-in, agents) keep their tables and migrations apart in one PostgreSQL
 * database, as their SQLite files do in DATA_DIR. `ensureSchema` makes it.
 */
export function openPostgresKysely<DB>(url: string, opts: { schema?: string; log?: (query: CompiledQuery) => void } = {}): Kysely<DB> {
  const { schema, log } = opts;
  if (schema !== undefined && !SCHEMA.test(schema)) throw new Error(`Not a schema name: ${schema}`);
  const pool = new pg.Pool({ connectionString: url, max: 10, types, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle connection the server ended (a restart, a fail-over): the pool drops it and opens
  // another when asked; the queries that were using it fail on their own.
  pool.on('error', (err) => console.error('PostgreSQL closed an idle connection of the console: %s', err.message));
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new SerialPostgresDriver({ pool }),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return kyselyOn<DB>(dialect, log);
}

/** Makes the schema a database opened with `schema` works in, when it is not there yet. */
export async function ensureSchema<DB>(db: Kysely<DB>, schema: string): Promise<void> {
  if (!SCHEMA.test(schema)) throw new Error(`Not a schema name: ${schema}`);
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
}

/** Whether a kysely instance runs on PostgreSQL (a migration's PostgreSQL-only part runs only there). */
export const isPostgres = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Statements only PostgreSQL runs; on SQLite the migration leaves them out. */
export async function postgresOnly<DB>(db: Kysely<DB>, ...statements: RawBuilder<unknown>[]): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of statements) await statement.execute(db);
}

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  /** Tasks whose id, prompt or name hold `text`, any case (as SQLite's trigram index matches), through a pg_trgm index. */
  taskText: (text) => containsText('tasks.search', text, 'ilike'),
};

/**
 * What the SQLite migrations made with SQLite's own SQL, made here with PostgreSQL's: the tasks'
 * trigram text index (pg_trgm, a trusted extension the database's owner may create), and the
 * triggers that keep task_counts and spend_days current, running the statements SQLite's run.
 */
/** The tasks' trigram index (a benchmark that writes a million rows at once drops it and makes it again after). */
export const tasksSearchIndex = sql`create index tasks_search_trgm on tasks using gin (search gin_trgm_ops)`;

export const postgresSummaries = [
  sql`create extension if not exists pg_trgm`,
  tasksSearchIndex,
  sql`create function tasks_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${countTask('old', '-')} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${countTask('new', '+')} end if;
        return null;
      end $$`,
  sql`create trigger tasks_count after delete or update of status, type or insert on tasks for each row execute function tasks_count()`,
  sql`create function spends_days() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then ${countSpendDay('old', '-', true)} end if;
        ${countSpendDay('new', '+', true)}
        return null;
      end $$`,
  sql`create trigger spends_days after update of status, actual, reserved or insert on spends for each row execute function spends_days()`,
];
