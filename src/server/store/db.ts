import { join } from 'node:path';
import type { CompiledQuery, Kysely } from 'kysely';
import { Db } from './database';
import type { SqlDialect } from './dialect';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { openPostgresKysely, postgresDialect } from './postgres';
import type { Database } from './schema';
import { openSqliteKysely, sqliteDialect } from './sqlite';

export { Db };
export type { Database };
/** The BFF's database under kysely (store/schema.ts). */
export type TriptychDb = Db<Database>;

/** Brings a database up to date (closing it when that fails) and wraps it for the stores. */
async function migrated(root: Kysely<Database>, dialect: SqlDialect): Promise<TriptychDb> {
  try {
    await migrateToLatest(root, migrations);
  } catch (err) {
    await root.destroy();
    throw err;
  }
  return new Db(root, dialect);
}

/**
 * Opens a SQLite file of the BFF (`:memory:` in tests) and brings it up to date: connections, the
 * task ledger, archived files, balances, the spend ledger, settings, the social console's tables.
 */
export const openDbFile = (file: string, log?: (query: CompiledQuery) => void): Promise<TriptychDb> =>
  migrated(openSqliteKysely<Database>(file, log), sqliteDialect);

/** The same tables on PostgreSQL (`DATABASE_URL`, a `postgres://` URL: team mode), through the same queries and migrations. */
export const openDbUrl = (url: string, log?: (query: CompiledQuery) => void): Promise<TriptychDb> =>
  migrated(openPostgresKysely<Database>(url, log), postgresDialect);

/** The BFF's database: PostgreSQL at `databaseUrl` when set, else `triptych.db` in DATA_DIR. */
export const openDb = (dataDir: string, databaseUrl?: string): Promise<TriptychDb> => (databaseUrl ? openDbUrl(databaseUrl) : openDbFile(join(dataDir, 'triptych.db')));
