import type { Kysely } from 'kysely';
import type { Migrations } from './migrate';
import { adoptedMigrations } from './migrations-adopted';
import { postgresOnly, postgresSummaries } from './postgres';
import { autoId } from './sqlite';
import { replaceTable } from './replace-table';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema of its time, not today's
type Db = Kysely<any>;
const TIME = 'bigint';

/**
 * The BFF's migrations, in the order of their names (store/schema.ts shows the tables they make):
 * the nine the hand-written runner ran (store/migrations-adopted.ts), then these. Add a migration
 * at the end under the next number, written with kysely's schema builder (SQLite-only SQL goes
 * through store/sqlite.ts); never change one that has shipped.
 */
export const migrations: Migrations = {
  ...adoptedMigrations,
  // The social console's own tables, which its stores made when they started (so a file may hold them already).
  '0010_social_tables': {
    async up(db: Db) {
      await db.schema
        .createTable('social_console_jobs')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('tool_type', 'text', (c) => c.notNull())
        .addColumn('target_key', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('finished_at', TIME)
        .addColumn('total_rows', 'integer')
        .addColumn('new_rows', 'integer')
        .addColumn('schedule_id', 'text')
        .addPrimaryKeyConstraint('social_console_jobs_pk', ['mode', 'base_url', 'id'])
        .execute();
      await db.schema
        .createTable('social_seen')
        .ifNotExists()
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('target_key', 'text', (c) => c.notNull())
        .addColumn('row_id', 'text', (c) => c.notNull())
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('social_seen_pk', ['mode', 'target_key', 'row_id'])
        .execute();
      await db.schema.createIndex('social_seen_job').ifNotExists().on('social_seen').columns(['mode', 'job_id']).execute();
      await db.schema.createIndex('social_console_jobs_target').ifNotExists().on('social_console_jobs').columns(['mode', 'target_key', 'created_at']).execute();
      await db.schema
        .createTable('social_schedules')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('every_hours', 'double precision', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('next_run_at', TIME)
        .addColumn('last_run_at', TIME)
        .addColumn('last_job_id', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', TIME, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('social_received')
        .ifNotExists()
        .addColumn('seq', 'integer', autoId(db))
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('hook_id', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'text')
        .addColumn('received_at', TIME, (c) => c.notNull())
        .addColumn('verdict', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('event_type', 'text')
        .addColumn('event_id', 'text')
        .addColumn('delivery_id', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('social_received_verdict').ifNotExists().on('social_received').columns(['verdict', 'seq']).execute();
      await db.schema
        .createTable('hook_nonces')
        .ifNotExists()
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', TIME, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('hook_nonces_expiry').ifNotExists().on('hook_nonces').column('expires_at').execute();
    },
  },
  // The ledger's pages and changes break ties by task id (any database has it; SQLite's rowid is its own), from the same indexes.
  '0011_task_keyset': {
    async up(db: Db) {
      for (const [name, columns] of [
        ['tasks_page', ['service', 'created_at', 'id']],
        ['tasks_status', ['service', 'status', 'created_at', 'id']],
        ['tasks_type', ['service', 'type', 'created_at', 'id']],
        ['tasks_updated', ['service', 'updated_at', 'id']],
      ] as const) {
        await db.schema.dropIndex(name).execute();
        await db.schema.createIndex(name).on('tasks').columns([...columns]).execute();
      }
    },
  },
  // Balances get an id, so the last one seen is the last one written whatever the database (ties in time included).
  '0012_balance_ids': {
    async up(db: Db) {
      await db.schema
        .createTable('balances_numbered')
        .addColumn('id', 'integer', autoId(db))
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('at', TIME, (c) => c.notNull())
        .addColumn('balance', 'double precision', (c) => c.notNull())
        .execute();
      // A plain scan reads the rows in the order they were written: their ids keep it.
      await db
        .insertInto('balances_numbered')
        .columns(['service', 'mode', 'at', 'balance'])
        .expression(db.selectFrom('balances').select(['service', 'mode', 'at', 'balance']))
        .execute();
      await replaceTable(db, 'balances', 'balances_numbered');
      await db.schema.createIndex('balances_at').on('balances').columns(['service', 'mode', 'at', 'id']).execute();
    },
  },
  // On PostgreSQL (team mode), what the migrations above made with SQLite's own SQL: the tasks'
  // text index and the triggers that keep task_counts and spend_days (store/postgres.ts). Nothing on SQLite.
  '0013_postgres_summaries': {
    async up(db: Db) {
      await postgresOnly(db, ...postgresSummaries);
    },
  },
  // Saved API keys move from keys.json into the database (connections/keyring.ts moves them, sealed
  // under KEYS_SECRET when it is set), so every process of a team reads the same keys.
  '0014_keyring': {
    async up(db: Db) {
      await db.schema
        .createTable('keyring')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.notNull())
        .addColumn('origin', 'text')
        .addColumn('name', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('added_at', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('keyring_pk', ['kind', 'id', 'mode', 'base_url'])
        .execute();
    },
  },
  // The audit log (audit/audit-log.ts), and who made each spending write.
  '0015_audit': {
    async up(db: Db) {
      await db.schema
        .createTable('audit')
        .addColumn('id', 'integer', autoId(db))
        .addColumn('at', TIME, (c) => c.notNull())
        .addColumn('actor', 'text')
        .addColumn('role', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('spend_id', 'integer')
        .execute();
      await db.schema.createIndex('audit_at').on('audit').columns(['at', 'id']).execute();
      await db.schema.createIndex('audit_actor').on('audit').columns(['actor', 'at', 'id']).execute();
      await db.schema.alterTable('spends').addColumn('actor', 'text').execute();
    },
  },
};
