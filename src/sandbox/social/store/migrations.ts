/**
 * Tables of the social sandbox, all prefixed `social_`. Append-only: the lead appends this list to
 * the sandbox database's migrations, which run by index, so never edit an entry that has shipped;
 * add a new one instead.
 */
export const socialMigrations: string[] = [
  `CREATE TABLE social_accounts (account TEXT PRIMARY KEY, purchased REAL NOT NULL, used REAL NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE social_ledger (seq INTEGER PRIMARY KEY AUTOINCREMENT, account TEXT NOT NULL, at INTEGER NOT NULL, credits REAL NOT NULL, what TEXT NOT NULL, ref TEXT);
   CREATE TABLE social_jobs (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     account TEXT NOT NULL,
     tool_type TEXT NOT NULL,
     target TEXT NOT NULL,
     request TEXT NOT NULL,
     status TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     started_at INTEGER,
     completed_at INTEGER,
     run_until INTEGER NOT NULL,
     as_of INTEGER NOT NULL,
     estimated INTEGER NOT NULL,
     credits REAL NOT NULL,
     error TEXT
   );
   CREATE INDEX social_jobs_account ON social_jobs (account, seq);
   CREATE TABLE social_draws (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, account TEXT NOT NULL, request TEXT NOT NULL, record TEXT NOT NULL, entries TEXT NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE social_monitors (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     account TEXT NOT NULL,
     kind TEXT NOT NULL,
     subject TEXT NOT NULL,
     subject_key TEXT NOT NULL,
     user_index INTEGER,
     event_types TEXT NOT NULL,
     active INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     next_billing_at INTEGER,
     paused_at INTEGER,
     checked_slot INTEGER NOT NULL,
     deleted INTEGER NOT NULL DEFAULT 0
   );
   CREATE UNIQUE INDEX social_monitors_subject ON social_monitors (account, kind, subject_key) WHERE deleted = 0;
   CREATE TABLE social_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, account TEXT NOT NULL, monitor_id TEXT NOT NULL, monitor_type TEXT NOT NULL, type TEXT NOT NULL, occurred_at INTEGER NOT NULL, record TEXT NOT NULL);
   CREATE INDEX social_events_account ON social_events (account, seq);
   CREATE TABLE social_webhooks (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     account TEXT NOT NULL,
     url TEXT NOT NULL,
     secret TEXT NOT NULL,
     event_types TEXT NOT NULL,
     active INTEGER NOT NULL,
     created_at INTEGER NOT NULL,
     consecutive_failures INTEGER NOT NULL DEFAULT 0,
     delivery_status TEXT NOT NULL DEFAULT 'active',
     deleted INTEGER NOT NULL DEFAULT 0
   );
   CREATE TABLE social_deliveries (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     webhook_id TEXT NOT NULL,
     event_id TEXT NOT NULL,
     event_type TEXT NOT NULL,
     body TEXT NOT NULL,
     status TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     next_attempt_at INTEGER,
     delivered_at INTEGER,
     last_status_code INTEGER,
     last_error TEXT,
     log TEXT NOT NULL DEFAULT '[]'
   );
   CREATE INDEX social_deliveries_due ON social_deliveries (status, next_attempt_at);
   CREATE INDEX social_deliveries_hook ON social_deliveries (webhook_id, seq);
   CREATE TABLE social_writes (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, account TEXT NOT NULL, idem_key TEXT NOT NULL, request_hash TEXT NOT NULL, record TEXT NOT NULL, created_at INTEGER NOT NULL, UNIQUE (account, idem_key));
   CREATE TABLE social_state (account TEXT NOT NULL, kind TEXT NOT NULL, target TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (account, kind, target));
   CREATE TABLE social_dms (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, account TEXT NOT NULL, peer TEXT NOT NULL, sender TEXT NOT NULL, text TEXT NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE social_posts (id TEXT PRIMARY KEY, account TEXT NOT NULL, record TEXT NOT NULL, created_at INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0);`,
];
