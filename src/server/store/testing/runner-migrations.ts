import { unitCodeSql } from '../../../contracts/units';

/**
 * The BFF's migrations as the hand-written runner ran them (node-lib/sqlite.ts `openSqlite`,
 * tracked by `user_version`), copied from src/server/store/db.ts before kysely: the adoption test
 * makes a database with them, as a console of that time did, and opens it with today's code.
 * Never edit: they are what older files hold.
 */
export const runnerMigrations: readonly string[] = [
  `CREATE TABLE connections (service TEXT PRIMARY KEY, mode TEXT NOT NULL, base_url TEXT, updated_at INTEGER NOT NULL);
   CREATE TABLE tasks (
     id TEXT PRIMARY KEY,
     service TEXT NOT NULL,
     create_path TEXT NOT NULL,
     mode TEXT NOT NULL,
     base_url TEXT NOT NULL,
     parent_id TEXT,
     request TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     status TEXT NOT NULL,
     record TEXT NOT NULL,
     archived INTEGER NOT NULL DEFAULT 0,
     watch_error TEXT,
     next_check_at INTEGER
   );
   CREATE INDEX tasks_created ON tasks (service, created_at DESC);
   CREATE TABLE assets (
     task_id TEXT NOT NULL,
     key TEXT NOT NULL,
     upstream_url TEXT NOT NULL,
     file TEXT,
     content_type TEXT,
     size INTEGER,
     PRIMARY KEY (task_id, key)
   );
   CREATE TABLE balances (service TEXT NOT NULL, mode TEXT NOT NULL, at INTEGER NOT NULL, balance REAL NOT NULL);
   CREATE INDEX balances_at ON balances (service, mode, at);`,
  // Each file's archive state (archived, pending, retrying, lost, removed). Rows from before the
  // output table are 'legacy' until the ledger keeps the outputs among them (Ledger.settleLegacyAssets).
  `ALTER TABLE assets ADD COLUMN state TEXT NOT NULL DEFAULT 'pending';
   ALTER TABLE assets ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE assets ADD COLUMN next_attempt_at INTEGER;
   ALTER TABLE assets ADD COLUMN reason TEXT;
   ALTER TABLE assets ADD COLUMN archived_at INTEGER;
   UPDATE assets SET state = 'legacy';
   CREATE INDEX assets_due ON assets (next_attempt_at) WHERE state = 'retrying';
   CREATE INDEX assets_pending ON assets (task_id) WHERE state = 'pending';
   CREATE INDEX assets_archived ON assets (archived_at) WHERE state = 'archived';
   CREATE INDEX tasks_open ON tasks (status) WHERE status NOT IN ('SUCCEEDED', 'FAILED', 'CANCELED');`,
  // The spend ledger: every credit-spending write of every service, written before it leaves.
  // spend_days keeps each day's sums current (triggers), so limits, totals and the chart read a
  // few rows, not the ledger.
  `CREATE TABLE spends (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     service TEXT NOT NULL,
     mode TEXT NOT NULL,
     base_url TEXT NOT NULL,
     operation TEXT NOT NULL,
     method TEXT NOT NULL,
     path TEXT NOT NULL,
     body TEXT NOT NULL,
     unit TEXT NOT NULL,
     reserved REAL NOT NULL,
     actual REAL,
     status TEXT NOT NULL,
     ref TEXT,
     error TEXT,
     day TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX spends_sending ON spends (service) WHERE status = 'sending';
   CREATE INDEX spends_ref ON spends (service, ref);
   CREATE INDEX spends_created ON spends (service, created_at);
   CREATE TABLE spend_days (
     service TEXT NOT NULL,
     mode TEXT NOT NULL,
     day TEXT NOT NULL,
     amount REAL NOT NULL DEFAULT 0,
     writes INTEGER NOT NULL DEFAULT 0,
     unsettled REAL NOT NULL DEFAULT 0,
     recovered INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (service, mode, day)
   );
   CREATE TRIGGER spends_days_insert AFTER INSERT ON spends BEGIN
     INSERT INTO spend_days (service, mode, day) VALUES (new.service, new.mode, new.day) ON CONFLICT DO NOTHING;
     UPDATE spend_days SET amount = amount + (CASE WHEN new.status IN ('sending', 'sent', 'recovered') THEN COALESCE(new.actual, new.reserved) ELSE 0 END), writes = writes + (CASE WHEN new.status != 'refused' THEN 1 ELSE 0 END), unsettled = unsettled + (CASE WHEN new.actual IS NULL AND new.status IN ('sending', 'sent', 'recovered') THEN new.reserved ELSE 0 END), recovered = recovered + (CASE WHEN new.status = 'recovered' THEN 1 ELSE 0 END)
       WHERE service = new.service AND mode = new.mode AND day = new.day;
   END;
   CREATE TRIGGER spends_days_update AFTER UPDATE OF status, actual, reserved ON spends BEGIN
     INSERT INTO spend_days (service, mode, day) VALUES (old.service, old.mode, old.day) ON CONFLICT DO NOTHING;
     UPDATE spend_days SET amount = amount - (CASE WHEN old.status IN ('sending', 'sent', 'recovered') THEN COALESCE(old.actual, old.reserved) ELSE 0 END), writes = writes - (CASE WHEN old.status != 'refused' THEN 1 ELSE 0 END), unsettled = unsettled - (CASE WHEN old.actual IS NULL AND old.status IN ('sending', 'sent', 'recovered') THEN old.reserved ELSE 0 END), recovered = recovered - (CASE WHEN old.status = 'recovered' THEN 1 ELSE 0 END)
       WHERE service = old.service AND mode = old.mode AND day = old.day;
     INSERT INTO spend_days (service, mode, day) VALUES (new.service, new.mode, new.day) ON CONFLICT DO NOTHING;
     UPDATE spend_days SET amount = amount + (CASE WHEN new.status IN ('sending', 'sent', 'recovered') THEN COALESCE(new.actual, new.reserved) ELSE 0 END), writes = writes + (CASE WHEN new.status != 'refused' THEN 1 ELSE 0 END), unsettled = unsettled + (CASE WHEN new.actual IS NULL AND new.status IN ('sending', 'sent', 'recovered') THEN new.reserved ELSE 0 END), recovered = recovered + (CASE WHEN new.status = 'recovered' THEN 1 ELSE 0 END)
       WHERE service = new.service AND mode = new.mode AND day = new.day;
   END;
   CREATE TABLE spend_limits (service TEXT PRIMARY KEY, daily REAL, per_write REAL, updated_at INTEGER NOT NULL);
   ALTER TABLE tasks ADD COLUMN spend_id INTEGER;
   ALTER TABLE tasks ADD COLUMN recovered INTEGER NOT NULL DEFAULT 0;`,
  // The ledger in pages: filters by status, type and text served by indexes (text: an FTS5 trigram
  // index over id, prompt and name, kept current by triggers), lineage by parent, changes by time.
  `ALTER TABLE tasks ADD COLUMN type TEXT;
   ALTER TABLE tasks ADD COLUMN search TEXT NOT NULL DEFAULT '';
   UPDATE tasks SET
     type = json_extract(record, '$.type'),
     search = lower(id || ' ' || COALESCE(json_extract(request, '$.prompt'), json_extract(record, '$.prompt'), '') || ' ' || COALESCE(json_extract(record, '$.name'), ''));
   DROP INDEX tasks_created;
   CREATE INDEX tasks_page ON tasks (service, created_at);
   CREATE INDEX tasks_status ON tasks (service, status, created_at);
   CREATE INDEX tasks_type ON tasks (service, type, created_at);
   CREATE INDEX tasks_parent ON tasks (parent_id) WHERE parent_id IS NOT NULL;
   CREATE INDEX tasks_updated ON tasks (service, updated_at);
   CREATE INDEX tasks_no_spend ON tasks (spend_id) WHERE spend_id IS NULL;
   CREATE VIRTUAL TABLE tasks_fts USING fts5(search, content = 'tasks', content_rowid = 'rowid', tokenize = 'trigram');
   INSERT INTO tasks_fts (tasks_fts) VALUES ('rebuild');
   CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
     INSERT INTO tasks_fts (rowid, search) VALUES (new.rowid, new.search);
   END;
   CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
     INSERT INTO tasks_fts (tasks_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
   END;
   CREATE TRIGGER tasks_fts_update AFTER UPDATE OF search ON tasks BEGIN
     INSERT INTO tasks_fts (tasks_fts, rowid, search) VALUES ('delete', old.rowid, old.search);
     INSERT INTO tasks_fts (rowid, search) VALUES (new.rowid, new.search);
   END;
   CREATE TABLE task_counts (service TEXT NOT NULL, status TEXT NOT NULL, type TEXT NOT NULL, n INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (service, status, type));
   INSERT INTO task_counts (service, status, type, n) SELECT service, status, COALESCE(type, ''), COUNT(*) FROM tasks GROUP BY 1, 2, 3;
   CREATE TRIGGER tasks_count_insert AFTER INSERT ON tasks BEGIN
     INSERT INTO task_counts (service, status, type, n) VALUES (new.service, new.status, COALESCE(new.type, ''), 1)
       ON CONFLICT DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER tasks_count_update AFTER UPDATE OF status, type ON tasks BEGIN
     UPDATE task_counts SET n = n - 1 WHERE service = old.service AND status = old.status AND type = COALESCE(old.type, '');
     INSERT INTO task_counts (service, status, type, n) VALUES (new.service, new.status, COALESCE(new.type, ''), 1)
       ON CONFLICT DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER tasks_count_delete AFTER DELETE ON tasks BEGIN
     UPDATE task_counts SET n = n - 1 WHERE service = old.service AND status = old.status AND type = COALESCE(old.type, '');
   END;`,
  // Spend in more than one unit per service (the agent network's payments: an amount per
  // currency): the per-day sums and the limits are kept per unit.
  `DROP TRIGGER spends_days_insert;
   DROP TRIGGER spends_days_update;
   DROP TABLE spend_days;
   CREATE TABLE spend_days (
     service TEXT NOT NULL,
     mode TEXT NOT NULL,
     unit TEXT NOT NULL,
     day TEXT NOT NULL,
     amount REAL NOT NULL DEFAULT 0,
     writes INTEGER NOT NULL DEFAULT 0,
     unsettled REAL NOT NULL DEFAULT 0,
     recovered INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (service, mode, unit, day)
   );
   INSERT INTO spend_days (service, mode, unit, day, amount, writes, unsettled, recovered)
     SELECT service, mode, unit, day,
       SUM(CASE WHEN status IN ('sending', 'sent', 'recovered') THEN COALESCE(actual, reserved) ELSE 0 END),
       SUM(CASE WHEN status != 'refused' THEN 1 ELSE 0 END),
       SUM(CASE WHEN actual IS NULL AND status IN ('sending', 'sent', 'recovered') THEN reserved ELSE 0 END),
       SUM(CASE WHEN status = 'recovered' THEN 1 ELSE 0 END)
     FROM spends GROUP BY service, mode, unit, day;
   CREATE TRIGGER spends_days_insert AFTER INSERT ON spends BEGIN
     INSERT INTO spend_days (service, mode, unit, day) VALUES (new.service, new.mode, new.unit, new.day) ON CONFLICT DO NOTHING;
     UPDATE spend_days SET amount = amount + (CASE WHEN new.status IN ('sending', 'sent', 'recovered') THEN COALESCE(new.actual, new.reserved) ELSE 0 END), writes = writes + (CASE WHEN new.status != 'refused' THEN 1 ELSE 0 END), unsettled = unsettled + (CASE WHEN new.actual IS NULL AND new.status IN ('sending', 'sent', 'recovered') THEN new.reserved ELSE 0 END), recovered = recovered + (CASE WHEN new.status = 'recovered' THEN 1 ELSE 0 END)
       WHERE service = new.service AND mode = new.mode AND unit = new.unit AND day = new.day;
   END;
   CREATE TRIGGER spends_days_update AFTER UPDATE OF status, actual, reserved ON spends BEGIN
     INSERT INTO spend_days (service, mode, unit, day) VALUES (old.service, old.mode, old.unit, old.day) ON CONFLICT DO NOTHING;
     UPDATE spend_days SET amount = amount - (CASE WHEN old.status IN ('sending', 'sent', 'recovered') THEN COALESCE(old.actual, old.reserved) ELSE 0 END), writes = writes - (CASE WHEN old.status != 'refused' THEN 1 ELSE 0 END), unsettled = unsettled - (CASE WHEN old.actual IS NULL AND old.status IN ('sending', 'sent', 'recovered') THEN old.reserved ELSE 0 END), recovered = recovered - (CASE WHEN old.status = 'recovered' THEN 1 ELSE 0 END)
       WHERE service = old.service AND mode = old.mode AND unit = old.unit AND day = old.day;
     INSERT INTO spend_days (service, mode, unit, day) VALUES (new.service, new.mode, new.unit, new.day) ON CONFLICT DO NOTHING;
     UPDATE spend_days SET amount = amount + (CASE WHEN new.status IN ('sending', 'sent', 'recovered') THEN COALESCE(new.actual, new.reserved) ELSE 0 END), writes = writes + (CASE WHEN new.status != 'refused' THEN 1 ELSE 0 END), unsettled = unsettled + (CASE WHEN new.actual IS NULL AND new.status IN ('sending', 'sent', 'recovered') THEN new.reserved ELSE 0 END), recovered = recovered + (CASE WHEN new.status = 'recovered' THEN 1 ELSE 0 END)
       WHERE service = new.service AND mode = new.mode AND unit = new.unit AND day = new.day;
   END;
   CREATE TABLE spend_limits_units (service TEXT NOT NULL, unit TEXT NOT NULL, daily REAL, per_write REAL, updated_at INTEGER NOT NULL, PRIMARY KEY (service, unit));
   INSERT INTO spend_limits_units (service, unit, daily, per_write, updated_at) SELECT service, 'credits', daily, per_write, updated_at FROM spend_limits;
   DROP TABLE spend_limits;
   ALTER TABLE spend_limits_units RENAME TO spend_limits;`,
  // Settings the operator changes in the console (each wins over its environment default).
  `CREATE TABLE console_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL);`,
  // Tasks the account made elsewhere and the operator brought in: paid there, so no spend row
  // (the start-up backfill and its index leave them out).
  `ALTER TABLE tasks ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
   DROP INDEX tasks_no_spend;
   CREATE INDEX tasks_no_spend ON tasks (spend_id) WHERE spend_id IS NULL AND imported = 0;`,
  // A write in flight names the console process that sends it (spends.owner), which holds a lease
  // in console_processes while it runs: only writes whose owner is gone, or that are older than the
  // write time limit, are looked up in the service's list (spend/reconcile.ts). Units get their one
  // spelling (contracts/units.ts): a currency's rows, day sums and limits written under other
  // letter cases merge, the strictest limit kept.
  `ALTER TABLE spends ADD COLUMN owner TEXT;
   CREATE TABLE console_processes (id TEXT PRIMARY KEY, host TEXT NOT NULL, pid INTEGER NOT NULL, started_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
   UPDATE spends SET unit = ${unitCodeSql('unit')} WHERE unit != ${unitCodeSql('unit')};
   DELETE FROM spend_days;
   INSERT INTO spend_days (service, mode, unit, day, amount, writes, unsettled, recovered)
     SELECT service, mode, unit, day,
       SUM(CASE WHEN status IN ('sending', 'sent', 'recovered') THEN COALESCE(actual, reserved) ELSE 0 END),
       SUM(CASE WHEN status != 'refused' THEN 1 ELSE 0 END),
       SUM(CASE WHEN actual IS NULL AND status IN ('sending', 'sent', 'recovered') THEN reserved ELSE 0 END),
       SUM(CASE WHEN status = 'recovered' THEN 1 ELSE 0 END)
     FROM spends GROUP BY service, mode, unit, day;
   CREATE TABLE spend_limits_merged (service TEXT NOT NULL, unit TEXT NOT NULL, daily REAL, per_write REAL, updated_at INTEGER NOT NULL, PRIMARY KEY (service, unit));
   INSERT INTO spend_limits_merged (service, unit, daily, per_write, updated_at)
     SELECT service, ${unitCodeSql('unit')}, MIN(daily), MIN(per_write), MAX(updated_at) FROM spend_limits GROUP BY service, ${unitCodeSql('unit')};
   DROP TABLE spend_limits;
   ALTER TABLE spend_limits_merged RENAME TO spend_limits;`,
  // Agent-network payments the console made for a pool task (the task named in the payment's
  // metadata): what tells a task page it is paid, and refuses a second payment without a reason.
  `CREATE TABLE task_payments (
     mode TEXT NOT NULL, base_url TEXT NOT NULL, payment_id TEXT NOT NULL, pool_task_id TEXT NOT NULL,
     payer TEXT, payee TEXT, amount REAL NOT NULL, currency TEXT NOT NULL, reason TEXT, spend_id INTEGER, created_at INTEGER NOT NULL,
     PRIMARY KEY (mode, base_url, payment_id));
   CREATE INDEX task_payments_task ON task_payments (mode, base_url, pool_task_id, created_at);`,
];

/** The social console's tables as its stores made them when they started (before they were migrations). */
export const runnerSocialTables = `CREATE TABLE IF NOT EXISTS social_console_jobs (
      id TEXT NOT NULL, mode TEXT NOT NULL, base_url TEXT NOT NULL, tool_type TEXT NOT NULL, target_key TEXT NOT NULL, target TEXT NOT NULL,
      request TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, finished_at INTEGER, total_rows INTEGER, new_rows INTEGER, schedule_id TEXT,
      PRIMARY KEY (mode, base_url, id));
     CREATE TABLE IF NOT EXISTS social_seen (mode TEXT NOT NULL, target_key TEXT NOT NULL, row_id TEXT NOT NULL, job_id TEXT NOT NULL, PRIMARY KEY (mode, target_key, row_id));
     CREATE INDEX IF NOT EXISTS social_seen_job ON social_seen (mode, job_id);
     CREATE INDEX IF NOT EXISTS social_console_jobs_target ON social_console_jobs (mode, target_key, created_at);
     CREATE TABLE IF NOT EXISTS social_schedules (
      id TEXT PRIMARY KEY, request TEXT NOT NULL, every_hours REAL NOT NULL, active INTEGER NOT NULL, next_run_at INTEGER,
      last_run_at INTEGER, last_job_id TEXT, last_error TEXT, created_at INTEGER NOT NULL);
     CREATE TABLE IF NOT EXISTS social_received (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, hook_id TEXT NOT NULL, webhook_id TEXT, received_at INTEGER NOT NULL,
      verdict TEXT NOT NULL, reason TEXT, event_type TEXT, event_id TEXT, delivery_id TEXT, body TEXT NOT NULL);
     CREATE INDEX IF NOT EXISTS social_received_verdict ON social_received (verdict, seq);
     CREATE TABLE IF NOT EXISTS hook_nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
     CREATE INDEX IF NOT EXISTS hook_nonces_expiry ON hook_nonces (expires_at);`;

/** `agentnet.db`'s migrations as the runner ran them (src/server/agentnet/store.ts before kysely). */
export const runnerAgentnetMigrations: readonly string[] = [
  `CREATE TABLE hooks (hook_id TEXT PRIMARY KEY, label TEXT NOT NULL, secret TEXT NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE hook_deliveries (
     id INTEGER PRIMARY KEY AUTOINCREMENT, hook_id TEXT NOT NULL, received_at INTEGER NOT NULL, verified INTEGER NOT NULL, refusal TEXT,
     signature_header TEXT, event TEXT, webhook_id TEXT, task_id TEXT, subnet_id TEXT, org_id TEXT, data TEXT, body TEXT NOT NULL);
   CREATE INDEX hook_deliveries_event ON hook_deliveries (event, id);
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  `CREATE INDEX hook_deliveries_refused ON hook_deliveries (id) WHERE verified = 0;
   CREATE TABLE hook_answered (hook_id TEXT NOT NULL, body_sha256 TEXT NOT NULL, webhook_id TEXT, answered_at INTEGER NOT NULL, PRIMARY KEY (hook_id, body_sha256));`,
];

/** The sign-in throttle's migration in `auth.db` as the runner ran it (src/server/auth/throttle.ts before kysely). */
export const runnerThrottleMigrations: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS password_failure (key TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS password_failure_key ON password_failure (key, at);
   CREATE INDEX IF NOT EXISTS password_failure_at ON password_failure (at);`,
];
