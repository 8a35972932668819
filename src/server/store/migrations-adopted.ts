import { sql, type Kysely } from 'kysely';
import { unitCodeSql } from '../../contracts/units';
import type { Migrations } from './migrate';
import { autoId, dropSpendDayTriggers, spendDayTriggers, sqliteOnly, taskCountTriggers, taskTextIndex } from './sqlite';
import { replaceTable } from './replace-table';
import { field, parseJson, searchText } from './tasks';

/*
 * The BFF's first nine migrations: those the hand-written runner ran (tracked by `user_version`),
 * step for step, now with kysely's schema builder so that PostgreSQL runs them too; what only
 * SQLite runs (triggers, the FTS5 text index) comes from store/sqlite.ts and is left out
 * elsewhere. A file the runner made is adopted (store/migrate.ts) and goes on from 0010
 * (store/migrations.ts, where new migrations go). Never change one of these.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema of its time, not today's
type Db = Kysely<any>;
const TIME = 'bigint';
const AMOUNT = 'double precision';

/** The amounts spend_days keeps for each service, mode, unit and day, summed from the spends themselves. */
const spendDaySums = (db: Db) =>
  db
    .insertInto('spend_days')
    .columns(['service', 'mode', 'unit', 'day', 'amount', 'writes', 'unsettled', 'recovered'])
    .expression(
      db
        .selectFrom('spends')
        .select([
          'service',
          'mode',
          'unit',
          'day',
          sql`sum(case when status in ('sending', 'sent', 'recovered') then coalesce(actual, reserved) else 0 end)`.as('amount'),
          sql`sum(case when status != 'refused' then 1 else 0 end)`.as('writes'),
          sql`sum(case when actual is null and status in ('sending', 'sent', 'recovered') then reserved else 0 end)`.as('unsettled'),
          sql`sum(case when status = 'recovered' then 1 else 0 end)`.as('recovered'),
        ])
        .groupBy(['service', 'mode', 'unit', 'day']),
    )
    .execute();

export const adoptedMigrations: Migrations = {
  '0001_initial': {
    async up(db: Db) {
      await db.schema
        .createTable('connections')
        .addColumn('service', 'text', (c) => c.primaryKey())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text')
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('create_path', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('watch_error', 'text')
        .addColumn('next_check_at', TIME)
        .execute();
      await db.schema.createIndex('tasks_created').on('tasks').columns(['service', 'created_at desc']).execute();
      await db.schema
        .createTable('assets')
        .addColumn('task_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('upstream_url', 'text', (c) => c.notNull())
        .addColumn('file', 'text')
        .addColumn('content_type', 'text')
        .addColumn('size', 'bigint')
        .addPrimaryKeyConstraint('assets_pk', ['task_id', 'key'])
        .execute();
      await db.schema
        .createTable('balances')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('at', TIME, (c) => c.notNull())
        .addColumn('balance', AMOUNT, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('balances_at').on('balances').columns(['service', 'mode', 'at']).execute();
    },
  },
  // Each file's archive state (archived, pending, retrying, lost, removed). Rows from before the
  // output table are 'legacy' until start-up keeps the outputs among them (store/task-files.ts).
  '0002_asset_states': {
    async up(db: Db) {
      await db.schema.alterTable('assets').addColumn('state', 'text', (c) => c.notNull().defaultTo('pending')).execute();
      await db.schema.alterTable('assets').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('assets').addColumn('next_attempt_at', TIME).execute();
      await db.schema.alterTable('assets').addColumn('reason', 'text').execute();
      await db.schema.alterTable('assets').addColumn('archived_at', TIME).execute();
      await db.updateTable('assets').set({ state: 'legacy' }).execute();
      await db.schema.createIndex('assets_due').on('assets').column('next_attempt_at').where(sql.ref('state'), '=', 'retrying').execute();
      await db.schema.createIndex('assets_pending').on('assets').column('task_id').where(sql.ref('state'), '=', 'pending').execute();
      await db.schema.createIndex('assets_archived').on('assets').column('archived_at').where(sql.ref('state'), '=', 'archived').execute();
      await db.schema
        .createIndex('tasks_open')
        .on('tasks')
        .column('status')
        .where(sql.ref('status'), 'not in', sql`('SUCCEEDED', 'FAILED', 'CANCELED')`)
        .execute();
    },
  },
  // The spend ledger: every credit-spending write of every service, written before it leaves.
  // spend_days keeps each day's sums current (triggers), so limits, totals and the chart read a
  // few rows, not the ledger.
  '0003_spends': {
    async up(db: Db) {
      await db.schema
        .createTable('spends')
        .addColumn('id', 'integer', autoId(db))
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('reserved', AMOUNT, (c) => c.notNull())
        .addColumn('actual', AMOUNT)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ref', 'text')
        .addColumn('error', 'text')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('spends_sending').on('spends').column('service').where(sql.ref('status'), '=', 'sending').execute();
      await db.schema.createIndex('spends_ref').on('spends').columns(['service', 'ref']).execute();
      await db.schema.createIndex('spends_created').on('spends').columns(['service', 'created_at']).execute();
      await db.schema
        .createTable('spend_days')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('amount', AMOUNT, (c) => c.notNull().defaultTo(0))
        .addColumn('writes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unsettled', AMOUNT, (c) => c.notNull().defaultTo(0))
        .addColumn('recovered', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('spend_days_pk', ['service', 'mode', 'day'])
        .execute();
      await sqliteOnly(db, ...spendDayTriggers(false));
      await db.schema
        .createTable('spend_limits')
        .addColumn('service', 'text', (c) => c.primaryKey())
        .addColumn('daily', AMOUNT)
        .addColumn('per_write', AMOUNT)
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .execute();
      await db.schema.alterTable('tasks').addColumn('spend_id', 'integer').execute();
      await db.schema.alterTable('tasks').addColumn('recovered', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
  // The ledger in pages: filters by status, type and text served by indexes (text: a trigram index
  // over id, prompt and name), lineage by parent, changes by time; counts kept by triggers.
  '0004_task_pages': {
    async up(db: Db) {
      await db.schema.alterTable('tasks').addColumn('type', 'text').execute();
      await db.schema.alterTable('tasks').addColumn('search', 'text', (c) => c.notNull().defaultTo('')).execute();
      const rows: Array<{ id: string; request: string; record: string }> = await db.selectFrom('tasks').select(['id', 'request', 'record']).execute();
      for (const r of rows) {
        const record = parseJson(r.record);
        const type = field(record, 'type');
        await db
          .updateTable('tasks')
          .set({ type: typeof type === 'string' ? type : null, search: searchText(r.id, parseJson(r.request), record) })
          .where('id', '=', r.id)
          .execute();
      }
      await db.schema.dropIndex('tasks_created').execute();
      await db.schema.createIndex('tasks_page').on('tasks').columns(['service', 'created_at']).execute();
      await db.schema.createIndex('tasks_status').on('tasks').columns(['service', 'status', 'created_at']).execute();
      await db.schema.createIndex('tasks_type').on('tasks').columns(['service', 'type', 'created_at']).execute();
      await db.schema.createIndex('tasks_parent').on('tasks').column('parent_id').where('parent_id', 'is not', null).execute();
      await db.schema.createIndex('tasks_updated').on('tasks').columns(['service', 'updated_at']).execute();
      await db.schema.createIndex('tasks_no_spend').on('tasks').column('spend_id').where('spend_id', 'is', null).execute();
      await sqliteOnly(db, ...taskTextIndex);
      await db.schema
        .createTable('task_counts')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('task_counts_pk', ['service', 'status', 'type'])
        .execute();
      await db
        .insertInto('task_counts')
        .columns(['service', 'status', 'type', 'n'])
        .expression(
          db
            .selectFrom('tasks')
            .select(['service', 'status', sql`coalesce(type, '')`.as('type'), (eb) => eb.fn.countAll().as('n')])
            .groupBy(['service', 'status', sql`coalesce(type, '')`]),
        )
        .execute();
      await sqliteOnly(db, ...taskCountTriggers);
    },
  },
  // Spend in more than one unit per service (the agent network's payments: an amount per
  // currency): the per-day sums and the limits are kept per unit.
  '0005_spend_units': {
    async up(db: Db) {
      await sqliteOnly(db, ...dropSpendDayTriggers);
      await db.schema.dropTable('spend_days').execute();
      await db.schema
        .createTable('spend_days')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('amount', AMOUNT, (c) => c.notNull().defaultTo(0))
        .addColumn('writes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unsettled', AMOUNT, (c) => c.notNull().defaultTo(0))
        .addColumn('recovered', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('spend_days_pk', ['service', 'mode', 'unit', 'day'])
        .execute();
      await spendDaySums(db);
      await sqliteOnly(db, ...spendDayTriggers(true));
      await db.schema
        .createTable('spend_limits_units')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('daily', AMOUNT)
        .addColumn('per_write', AMOUNT)
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('spend_limits_pk', ['service', 'unit'])
        .execute();
      await db
        .insertInto('spend_limits_units')
        .columns(['service', 'unit', 'daily', 'per_write', 'updated_at'])
        .expression(db.selectFrom('spend_limits').select(['service', sql.lit('credits').as('unit'), 'daily', 'per_write', 'updated_at']))
        .execute();
      await replaceTable(db, 'spend_limits', 'spend_limits_units');
    },
  },
  // Settings the operator changes in the console (each wins over its environment default).
  '0006_console_settings': {
    async up(db: Db) {
      await db.schema
        .createTable('console_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .execute();
    },
  },
  // Tasks the account made elsewhere and the operator brought in: paid there, so no spend row
  // (the start-up backfill and its index leave them out).
  '0007_imported_tasks': {
    async up(db: Db) {
      await db.schema.alterTable('tasks').addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.dropIndex('tasks_no_spend').execute();
      await db.schema
        .createIndex('tasks_no_spend')
        .on('tasks')
        .column('spend_id')
        .where(sql<boolean>`spend_id is null and imported = 0`)
        .execute();
    },
  },
  // A write in flight names the console process that sends it (spends.owner), which holds a lease
  // in console_processes while it runs: only writes whose owner is gone, or that are older than the
  // write time limit, are looked up in the service's list (spend/reconcile.ts). Units get their one
  // spelling (contracts/units.ts): a currency's rows, day sums and limits written under other
  // letter cases merge, the strictest limit kept.
  '0008_write_owners': {
    async up(db: Db) {
      const unitCode = sql.raw(unitCodeSql('unit'));
      await db.schema.alterTable('spends').addColumn('owner', 'text').execute();
      await db.schema
        .createTable('console_processes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('started_at', TIME, (c) => c.notNull())
        .addColumn('expires_at', TIME, (c) => c.notNull())
        .execute();
      await db.updateTable('spends').set({ unit: unitCode }).where('unit', '!=', unitCode).execute();
      await db.deleteFrom('spend_days').execute();
      await spendDaySums(db);
      await db.schema
        .createTable('spend_limits_merged')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('daily', AMOUNT)
        .addColumn('per_write', AMOUNT)
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('spend_limits_merged_pk', ['service', 'unit'])
        .execute();
      await db
        .insertInto('spend_limits_merged')
        .columns(['service', 'unit', 'daily', 'per_write', 'updated_at'])
        .expression(
          db
            .selectFrom('spend_limits')
            .select((eb) => ['service', unitCode.as('unit'), eb.fn.min('daily').as('daily'), eb.fn.min('per_write').as('per_write'), eb.fn.max('updated_at').as('updated_at')])
            .groupBy(['service', unitCode]),
        )
        .execute();
      await replaceTable(db, 'spend_limits', 'spend_limits_merged');
    },
  },
  // Agent-network payments the console made for a pool task (the task named in the payment's
  // metadata): what tells a task page it is paid, and refuses a second payment without a reason.
  '0009_task_payments': {
    async up(db: Db) {
      await db.schema
        .createTable('task_payments')
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('pool_task_id', 'text', (c) => c.notNull())
        .addColumn('payer', 'text')
        .addColumn('payee', 'text')
        .addColumn('amount', AMOUNT, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('spend_id', 'integer')
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('task_payments_pk', ['mode', 'base_url', 'payment_id'])
        .execute();
      await db.schema.createIndex('task_payments_task').on('task_payments').columns(['mode', 'base_url', 'pool_task_id', 'created_at']).execute();
    },
  },
};
