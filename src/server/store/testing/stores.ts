import { TaskPayments } from '../../agentnet/task-payments';
import { SpendLog } from '../../spend/spend-log';
import { Balances } from '../balances';
import type { TriptychDb } from '../db';
import { TaskFiles } from '../task-files';
import { TaskPages } from '../task-pages';
import { TaskStore } from '../tasks';

/** The ledger's stores on one database, for the storage tests (SQLite: migrations.test.ts; PostgreSQL: postgres.test.ts). */
export const stores = (db: TriptychDb) => {
  const files = new TaskFiles(db);
  const spends = new SpendLog(db);
  return { files, tasks: new TaskStore(db, files), pages: new TaskPages(db), spends, balances: new Balances(db), payments: new TaskPayments(db, spends) };
};

/** The migrations a database has run, by name. */
export const doneMigrations = (db: TriptychDb) =>
  db.root
    .withTables<{ kysely_migration: { name: string } }>()
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute()
    .then((rows) => rows.map((r) => r.name));
