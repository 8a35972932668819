import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/**
 * Makes `dir` private to its owner (0700), creating it or tightening it. A shared directory
 * (sticky bit, like /tmp) is refused rather than changed: it is not the console's to close.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode } = statSync(dir);
  if (mode & 0o1000) throw new Error(`The data directory ${dir} is a shared directory (like /tmp). Give the console a directory of its own (DATA_DIR).`);
  if ((mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
}

/** Creates `file` readable by its owner only (0600), or tightens an existing one. */
export function privateFile(file: string): void {
  if (!existsSync(file)) writeFileSync(file, '', { mode: 0o600, flag: 'a' });
  if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
}

/**
 * Opens a SQLite file in WAL mode, with a cache of prepared statements. The directory is 0700 and
 * the database, its -wal and -shm 0600 (SQLite gives the last two the database's mode; existing
 * ones are tightened). The BFF's databases open it under kysely (src/server/store/sqlite.ts).
 */
export function openSqliteFile(file: string): Db {
  // An in-memory database (tests) has no file, and its "directory" is not ours to change.
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) {
    privateDir(dirname(file));
    privateFile(file);
    for (const side of [`${file}-wal`, `${file}-shm`]) if (existsSync(side)) privateFile(side);
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return withStatementCache(db);
}

/**
 * Opens a SQLite file (`openSqliteFile`) and runs the migrations it has not seen yet;
 * `migrations[i]` runs once, tracked by `user_version`. The sandbox's stores use it; the BFF's
 * databases migrate with kysely's Migrator (src/server/store/migrate.ts), which adopts a file this
 * runner made.
 */
export function openSqlite(file: string, migrations: readonly string[]): Db {
  const db = openSqliteFile(file);
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (let i = version; i < migrations.length; i++) db.exec(migrations[i] as string);
    db.pragma(`user_version = ${migrations.length}`);
  })();
  return db;
}

/**
 * Keeps each prepared statement for reuse: `db.prepare(sql)` with the same text answers the same
 * statement instead of compiling it again on every request. (A statement's mode — `pluck`, `raw`
 * — sticks to it, so one SQL text is always used in one mode.)
 */
function withStatementCache(db: Db): Db {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (cache.size < 2000) cache.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
  return db;
}
