import { join } from 'node:path';
import type { CompiledQuery } from 'kysely';
import { Db } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import type { Database } from './schema';
import { openSqliteKysely, sqliteDialect } from './sqlite';

export { Db };
export type { Database };
/** The BFF's database under kysely (store/schema.ts). */
export type TriptychDb = Db<Database>;

/**
 * Opens a SQLite file of the BFF (`:memory:` in tests) and brings it up to date: connections, the
 * task ledger, archived files, balances, the spend ledger, settings, the social console's tables.
 */
export async function openDbFile(file: string, log?: (query: CompiledQuery) => void): Promise<TriptychDb> {
  const root = openSqliteKysely<Database>(file, log);
  try {
    await migrateToLatest(root, migrations);
  } catch (err) {
    await root.destroy();
    throw err;
  }
  return new Db(root, sqliteDialect);
}

/** The BFF's database in DATA_DIR (`triptych.db`). */
export const openDb = (dataDir: string): Promise<TriptychDb> => openDbFile(join(dataDir, 'triptych.db'));
