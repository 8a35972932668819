import { DEFAULT_MIGRATION_TABLE, Migrator, type Kysely, type Migration } from 'kysely';
import { userVersion } from './sqlite';

/** A database's migrations by name, in order of their names (`0001_initial`, `0002_…`); each runs once. */
export type Migrations = Readonly<Record<string, Migration>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kysely's Migrator works on any schema
type AnyDb = Kysely<any>;

/**
 * A file the hand-written runner made (node-lib/sqlite.ts `openSqlite`, before kysely) counted its
 * migrations in `user_version`: the first N of `migrations` are those it ran. Marks them done in
 * kysely's table, in one transaction, when the file has no such table yet; nothing otherwise.
 */
export async function adoptUserVersion(db: AnyDb, migrations: Migrations): Promise<number> {
  const version = await userVersion(db);
  if (version === 0) return 0;
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)) return 0;
  const names = Object.keys(migrations).sort().slice(0, version);
  if (names.length < version) throw new Error(`The database was made by a newer console (version ${version}; this one knows ${names.length} migrations). Start the newer console, or restore a backup.`);
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    // The table as kysely's Migrator makes it.
    await trx.schema
      .createTable(DEFAULT_MIGRATION_TABLE)
      .addColumn('name', 'varchar(255)', (col) => col.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (col) => col.notNull())
      .execute();
    await trx
      .insertInto(DEFAULT_MIGRATION_TABLE)
      .values(names.map((name) => ({ name, timestamp: at })))
      .execute();
  });
  return version;
}

/**
 * Brings a database to its latest schema with kysely's Migrator, from migrations held in code (the
 * server is bundled: nothing is read from disk). A file from before kysely is adopted first.
 * `schema`: the PostgreSQL schema the database works in, when not the default.
 */
export async function migrateToLatest(db: AnyDb, migrations: Migrations, schema?: string): Promise<void> {
  // Up to date (every start but the first after an upgrade): one read, no introspection, no lock.
  const done = await db
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select('name')
    .execute()
    .then((rows: Array<{ name: string }>) => new Set(rows.map((r) => r.name)))
    .catch(() => null);
  if (done && Object.keys(migrations).every((name) => done.has(name))) return;
  if (!done) await adoptUserVersion(db, migrations);
  // In a PostgreSQL schema of its own (store/db.ts, Place), kysely's tables are that schema's: its
  // Migrator would otherwise take another schema's for its own.
  const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`The database could not be brought up to date${failed ? ` (migration ${failed})` : ''}: ${why}. Nothing of that step was kept; check the file's space and permissions, then start again.`);
  }
}
