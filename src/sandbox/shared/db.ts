import { join } from 'node:path';
import { openSqlite, type Db } from '../../node-lib/sqlite';

export type { Db };

/** The sandbox's own database, apart from the BFF's: the sandbox stands in for remote services. */
export const openSandboxDb = (dataDir: string, migrations: readonly string[]): Db => openSqlite(join(dataDir, 'sandbox.db'), migrations);
