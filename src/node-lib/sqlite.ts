import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

/**
 * Opens a SQLite file (WAL) and runs the migrations it has not seen yet; `migrations[i]` runs
 * once, tracked by `user_version`. Shared by the BFF and the sandbox, which keep separate files.
 */
export function openSqlite(file: string, migrations: readonly string[]): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const version = db.pragma('user_version', { simple: true }) as number;
  db.transaction(() => {
    for (let i = version; i < migrations.length; i++) db.exec(migrations[i] as string);
    db.pragma(`user_version = ${migrations.length}`);
  })();
  return withStatementCache(db);
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
