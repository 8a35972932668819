import { join } from 'node:path';
import type { CompiledQuery, Kysely } from 'kysely';
import { Db } from './database';
import type { SqlDialect } from './dialect';
import { migrateToLatest, type Migrations } from './migrate';
import { migrations } from './migrations';
import { ensureSchema, openPostgresKysely, postgresDialect } from './postgres';
import type { Database } from './schema';
import { openSqliteKysely, sqliteDialect } from './sqlite';

export { Db };
export type { Database };
/** The BFF's database under kysely (store/schema.ts). */
export type TriptychDb = Db<Database>;

/**
 * Where one of the console's databases lives: a SQLite file in DATA_DIR (the single-user
 * default), or PostgreSQL (`DATABASE_URL`: team mode), in a schema of its own for the databases
 * besides the ledger (`public`).
 */
export type Place = { file: string } | { url: string; schema?: string };

/** The database at `place` under kysely, not yet migrated, with the SQL that differs there. */
export function openKysely<DB>(place: Place, log?: (query: CompiledQuery) => void): { root: Kysely<DB>; dialect: SqlDialect; schema?: string; prepare: () => Promise<void> } {
  if ('file' in place) return { root: openSqliteKysely<DB>(place.file, log), dialect: sqliteDialect, prepare: () => Promise.resolve() };
  const root = openPostgresKysely<DB>(place.url, { schema: place.schema, log });
  // kysely's Migrator finds its tables by name in any schema: each database names its own (`public` for the ledger).
  return { root, dialect: postgresDialect, schema: place.schema ?? 'public', prepare: () => (place.schema ? ensureSchema(root, place.schema) : Promise.resolve()) };
}

/** Opens the database at `place` and brings it up to date with `list` (closing it when that fails). */
export async function openStore<DB>(place: Place, list: Migrations, log?: (query: CompiledQuery) => void): Promise<Db<DB>> {
  const { root, dialect, schema, prepare } = openKysely<DB>(place, log);
  try {
    await prepare();
    await migrateToLatest(root, list, schema);
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
export const openDbFile = (file: string, log?: (query: CompiledQuery) => void): Promise<TriptychDb> => openStore<Database>({ file }, migrations, log);

/** The same tables on PostgreSQL (`DATABASE_URL`, a `postgres://` URL: team mode), through the same queries and migrations. */
export const openDbUrl = (url: string, log?: (query: CompiledQuery) => void): Promise<TriptychDb> => openStore<Database>({ url }, migrations, log);

/** The BFF's database: PostgreSQL at `databaseUrl` when set, else `triptych.db` in DATA_DIR. */
export const openDb = (dataDir: string, databaseUrl?: string): Promise<TriptychDb> => (databaseUrl ? openDbUrl(databaseUrl) : openDbFile(join(dataDir, 'triptych.db')));
