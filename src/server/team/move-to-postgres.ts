import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { agentnetMigrations } from '../agentnet/store';
import { openOperators } from '../auth/operators';
import { throttleMigrations } from '../auth/throttle';
import { Keyring } from '../connections/keyring';
import { openDbFile, openDbUrl, openStore, type Place } from '../store/db';
import type { Migrations } from '../store/migrate';
import { migrations } from '../store/migrations';

/*
 * `npx tsx src/server/cli.ts move-to-postgres` (README, Team mode): a single-user console's SQLite
 * databases in DATA_DIR copied into an empty PostgreSQL database, table by table, with a count and
 * a checksum per table on both sides, and the saved keys sealed again under the team's KEYS_SECRET.
 * The SQLite files are left as they are (they are the way back).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table of three schemas, read and written as rows
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** One of the console's databases: its file, the PostgreSQL schema it moves to, its migrations. */
type Source = { name: string; file: string; schema?: string; migrations: Migrations };

/** Tables made again rather than copied: sums the target's triggers rebuild (compared, not copied), leases of running processes, saved keys (sealed again). */
const DERIVED = new Set(['task_counts', 'spend_days']);
const SKIPPED = new Set(['console_processes', 'keyring']);
/** better-auth's tables refer to `user`: it goes first. */
const FIRST = ['user', 'account', 'session', 'verification'];
const PAGE = 500;

export type MovedTable = { database: string; table: string; rows: number; copied: boolean; source: string; target: string };
export type MoveReport = { tables: MovedTable[]; keys: number; ok: boolean };

/** The tables of a database worth moving, in order (kysely's and SQLite's own left out). */
async function tablesOf(db: AnyDb): Promise<string[]> {
  const names = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_') && !n.startsWith('sqlite_') && !n.startsWith('tasks_fts') && !SKIPPED.has(n));
  return [...FIRST.filter((n) => names.includes(n)), ...names.filter((n) => !FIRST.includes(n)).sort()];
}

/** Column types of a PostgreSQL schema's table, by column. */
async function columnTypes(db: AnyDb, schema: string, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns where table_schema = ${schema} and table_name = ${table}`.execute(db);
  return new Map(rows.map((r) => [r.column_name, r.data_type]));
}

/** A SQLite value as the PostgreSQL column takes it: flags as booleans, epoch numbers or text as times. */
function toTarget(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined || type === undefined) return value ?? null;
  if (type === 'boolean') return typeof value === 'number' ? value !== 0 : value === 'true' || value === true;
  if (type.startsWith('timestamp')) return new Date(typeof value === 'number' ? value : String(value));
  return value;
}

/** A SQLite row as the PostgreSQL table (its column types by name) takes it. */
const rowToTarget = (row: Row, types: Map<string, string> | undefined): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, toTarget(v, types?.get(k))]));

/** One value as the checksum reads it, whichever side it came from. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return value ?? null;
}

/** A table's rows as one hash: each row's columns in name order, the rows sorted, so engines' orders do not matter. */
function checksum(rows: Row[]): string {
  const lines = rows.map((r) => JSON.stringify(Object.keys(r).sort().map((k) => [k, canonical(r[k])]))).sort();
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line).update('\n');
  return hash.digest('hex').slice(0, 16);
}

async function readAll(db: AnyDb, table: string): Promise<Row[]> {
  return (await db.selectFrom(table).selectAll().execute()) as Row[];
}

async function count(db: AnyDb, table: string): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** After rows came with their ids, each identity column numbers on from the largest. */
async function resetIdentities(db: AnyDb, schema: string, table: string): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_schema = ${schema} and table_name = ${table} and is_identity = 'YES'`.execute(db);
  for (const { column_name: column } of rows) {
    const qualified = `${schema}.${table}`;
    await sql`select setval(pg_get_serial_sequence(${qualified}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}

/**
 * Copies the console in `dataDir` into the PostgreSQL database at `url`, which must hold no console
 * yet (nothing is merged): every table, with its count and checksum compared, the keys sealed
 * again under `toSecret` (opened with `fromSecret`, the single-user console's KEYS_SECRET if it
 * had one). `progress` hears a line per table.
 */
export async function moveToPostgres(opts: { dataDir: string; url: string; fromSecret: Buffer | null; toSecret: Buffer; progress?: (line: string) => void }): Promise<MoveReport> {
  const say = opts.progress ?? (() => undefined);
  const sources: Source[] = [
    { name: 'ledger', file: join(opts.dataDir, 'triptych.db'), migrations },
    { name: 'agents', file: join(opts.dataDir, 'agentnet.db'), schema: 'agentnet', migrations: agentnetMigrations },
    { name: 'operators', file: join(opts.dataDir, 'auth.db'), schema: 'auth', migrations: throttleMigrations },
  ];
  if (!existsSync(sources[0]?.file ?? '')) throw new Error(`No console database in ${opts.dataDir} (triptych.db): nothing to move.`);
  // The operators' schema is better-auth's as well as the console's: it makes its own tables.
  const operators = openOperators({ dataDir: opts.dataDir, databaseUrl: opts.url, sessionHours: 12 });
  await operators.ready;
  await operators.close();

  const tables: MovedTable[] = [];
  for (const source of sources) {
    if (!existsSync(source.file)) continue;
    const from = await openStore<Row>({ file: source.file }, source.migrations);
    const place: Place = source.schema ? { url: opts.url, schema: source.schema } : { url: opts.url };
    const to = await openStore<Row>(place, source.migrations);
    const schema = source.schema ?? 'public';
    try {
      const names = await tablesOf(from.root);
      for (const table of names) {
        if ((await count(to.root, table)) > 0 && !DERIVED.has(table))
          throw new Error(`The PostgreSQL database already holds a console (table ${schema}.${table} has rows): nothing was merged into it. Move into an empty database.`);
      }
      const typesOf = new Map<string, Map<string, string>>();
      for (const table of names) typesOf.set(table, await columnTypes(to.root, schema, table));
      for (const table of names) {
        if (DERIVED.has(table)) continue;
        const types = typesOf.get(table);
        const total = await count(from.root, table);
        for (let offset = 0; offset < total; offset += PAGE) {
          const page = (await from.root.selectFrom(table).selectAll().orderBy(sql`rowid`).limit(PAGE).offset(offset).execute()) as Row[];
          if (page.length === 0) break;
          await to.root.insertInto(table).values(page.map((r) => rowToTarget(r, types))).execute();
        }
        await resetIdentities(to.root, schema, table);
        say(`${source.name}: ${table}, ${total} rows`);
      }
      // Counts and checksums, both sides, every table (the sums the triggers rebuilt included).
      for (const table of names) {
        const types = typesOf.get(table);
        // A sum at 0 counts nothing, whether a row holds it or not: the source keeps rows a task or
        // a write has left (PENDING 0 once it ran), the target only those its copied rows made.
        const counted = (rows: Row[]) => (DERIVED.has(table) ? rows.filter((r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0)) : rows);
        const sourceRows = counted((await readAll(from.root, table)).map((r) => rowToTarget(r, types)));
        const targetRows = counted(await readAll(to.root, table));
        tables.push({ database: source.name, table, rows: targetRows.length, copied: !DERIVED.has(table), source: checksum(sourceRows), target: checksum(targetRows) });
      }
    } finally {
      await from.close();
      await to.close();
    }
  }
  const keys = await moveKeys(opts);
  say(`saved keys: ${keys}, sealed under the new KEYS_SECRET`);
  return { tables, keys, ok: tables.every((t) => t.source === t.target) };
}

/** The saved keys (a keys.json not yet moved included), opened with the old secret and sealed under the new one. */
async function moveKeys(opts: { dataDir: string; url: string; fromSecret: Buffer | null; toSecret: Buffer }): Promise<number> {
  const from = await openDbFile(join(opts.dataDir, 'triptych.db'));
  const to = await openDbUrl(opts.url);
  try {
    const source = await Keyring.open(from, {}, { dataDir: opts.dataDir, secret: opts.fromSecret });
    return await source.copyTo(await Keyring.open(to, {}, { secret: opts.toSecret }));
  } finally {
    await from.close();
    await to.close();
  }
}
