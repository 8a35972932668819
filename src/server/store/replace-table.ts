import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema of its time, not today's
type AnyDb = Kysely<any>;

/**
 * The last step of rebuilding a table (a new key, merged rows: SQLite cannot change a table's
 * columns in place): the old `table` goes and `rebuilt`, already filled, takes its name.
 */
export async function replaceTable(db: AnyDb, table: string, rebuilt: string): Promise<void> {
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(rebuilt).renameTo(table).execute();
}
