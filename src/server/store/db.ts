import { join } from 'node:path';
import { openSqlite, type Db } from '../../node-lib/sqlite';

export type { Db };

const migrations = [
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
   CREATE INDEX spends_day ON spends (service, mode, day);
   CREATE INDEX spends_sending ON spends (service) WHERE status = 'sending';
   CREATE INDEX spends_ref ON spends (service, ref);
   CREATE INDEX spends_created ON spends (service, created_at DESC);
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
   END;`,
];

/** The BFF's SQLite database in DATA_DIR: connections, the task ledger, archived assets, balances. */
export const openDb = (dataDir: string): Db => openSqlite(join(dataDir, 'triptych.db'), migrations);
