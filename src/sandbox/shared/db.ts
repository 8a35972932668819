import { join } from 'node:path';
import { openSqlite, type Db } from '../../node-lib/sqlite';

export type { Db };

export const SANDBOX_META = `CREATE TABLE sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`;

/** Each service's own migrations, append-only, run in order and tracked per service. */
export type MigrationSets = Readonly<Record<string, readonly string[]>>;

/**
 * The sandbox's own database, apart from the BFF's: the sandbox stands in for remote services.
 * The first release ran one combined list by index (meta, then the first migration of 3D and of
 * agents); that list still opens the file, so databases from then keep working. Every later
 * migration is tracked per service in `sandbox_meta` (`migrations.<service>`), so services can add
 * theirs independently.
 */
export function openSandboxDb(dataDir: string, sets: MigrationSets): Db {
  const legacy = [SANDBOX_META, sets.gen3d?.[0], sets.agentnet?.[0]].filter((m): m is string => m !== undefined);
  const db = openSqlite(join(dataDir, 'sandbox.db'), legacy);
  const inLegacy: Record<string, number> = { gen3d: sets.gen3d?.[0] ? 1 : 0, agentnet: sets.agentnet?.[0] ? 1 : 0 };
  const read = db.prepare(`SELECT value FROM sandbox_meta WHERE key = ?`);
  const write = db.prepare(`INSERT INTO sandbox_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`);
  for (const [service, list] of Object.entries(sets)) {
    const key = `migrations.${service}`;
    const row = read.get(key) as { value: string } | undefined;
    const applied = row ? Number(row.value) : (inLegacy[service] ?? 0);
    if (applied >= list.length) continue;
    db.transaction(() => {
      for (let i = applied; i < list.length; i++) db.exec(list[i] as string);
      write.run(key, String(list.length));
    })();
  }
  return db;
}

/**
 * Empties every table of one service (`<prefix>_…`) and forgets the given `sandbox_meta` keys: the
 * sandbox controls' "reset state". Foreign keys are checked at the end, when all rows are gone.
 */
export function wipeService(db: Db, prefix: string, metaKeys: readonly string[] = []) {
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE ? ESCAPE '\\'`).all(`${prefix}\\_%`) as { name: string }[];
  db.transaction(() => {
    db.pragma('defer_foreign_keys = ON');
    for (const { name } of tables) db.prepare(`DELETE FROM "${name.replace(/"/g, '""')}"`).run();
    for (const key of metaKeys) db.prepare(`DELETE FROM sandbox_meta WHERE key = ?`).run(key);
  })();
}
