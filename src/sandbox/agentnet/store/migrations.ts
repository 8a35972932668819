/**
 * Tables of the agent network sandbox, all prefixed `agentnet_`. Append-only: the lead appends
 * this list to the sandbox database's migrations, which run by index, so never edit an entry
 * that has shipped; add a new one instead.
 */
export const agentnetMigrations: string[] = [
  `CREATE TABLE agentnet_agents (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     agent_id TEXT NOT NULL UNIQUE,
     key_hash TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     description TEXT NOT NULL DEFAULT '',
     tags TEXT NOT NULL DEFAULT '[]',
     endpoint TEXT,
     endpoint_probe TEXT,
     endpoint_probed_at INTEGER,
     mode TEXT NOT NULL DEFAULT 'manifest',
     delivery_pref TEXT,
     claim_status TEXT NOT NULL DEFAULT 'unclaimed',
     verification_code TEXT NOT NULL,
     agent_card TEXT,
     agent_card_url TEXT,
     deletion_requested_at INTEGER,
     deletion_expires_at INTEGER,
     attention_fee INTEGER NOT NULL DEFAULT 0,
     unread_manifest INTEGER NOT NULL DEFAULT 0,
     push_failures INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     last_seen INTEGER NOT NULL,
     heartbeat_every INTEGER
   );
   CREATE TABLE agentnet_subnets (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     subnet_id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     description TEXT NOT NULL DEFAULT '',
     owner TEXT,
     private INTEGER NOT NULL DEFAULT 0,
     join_policy TEXT NOT NULL DEFAULT 'open',
     parent_id TEXT,
     lifecycle TEXT NOT NULL DEFAULT 'persistent',
     linked_task_id TEXT,
     reserved INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX agentnet_subnets_parent ON agentnet_subnets (parent_id);
   CREATE TABLE agentnet_members (
     subnet_id TEXT NOT NULL,
     agent_id TEXT NOT NULL,
     role TEXT NOT NULL,
     joined_at INTEGER NOT NULL,
     PRIMARY KEY (subnet_id, agent_id)
   );
   CREATE INDEX agentnet_members_agent ON agentnet_members (agent_id);
   CREATE TABLE agentnet_admissions (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     request_id TEXT NOT NULL UNIQUE,
     subnet_id TEXT NOT NULL,
     agent_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     status TEXT NOT NULL,
     note TEXT,
     decision_note TEXT,
     created_at INTEGER NOT NULL,
     decided_at INTEGER
   );
   CREATE INDEX agentnet_admissions_subnet ON agentnet_admissions (subnet_id, status);
   CREATE TABLE agentnet_allowlist (
     subnet_id TEXT NOT NULL,
     agent_id TEXT NOT NULL,
     added_at INTEGER NOT NULL,
     PRIMARY KEY (subnet_id, agent_id)
   );`,
  // Organizations, work, the task pool, messaging, sessions, follows, payments, ownership and
  // subnet events (issue 13): columns on the agentnet tables and new tables.
  `ALTER TABLE agentnet_agents ADD COLUMN owner_id TEXT;
   ALTER TABLE agentnet_agents ADD COLUMN transfer_code TEXT;
   ALTER TABLE agentnet_agents ADD COLUMN transfer_expires_at INTEGER;
   ALTER TABLE agentnet_agents ADD COLUMN deletion_token TEXT;
   ALTER TABLE agentnet_subnets ADD COLUMN harness_url TEXT;
   ALTER TABLE agentnet_subnets ADD COLUMN harness_secret TEXT;
   CREATE TABLE IF NOT EXISTS agentnet_orgs (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, org_id TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL, subnet_id TEXT,
     plugins TEXT NOT NULL, charter TEXT NOT NULL DEFAULT '{}', status TEXT NOT NULL DEFAULT 'active',
     owner_kind TEXT NOT NULL DEFAULT 'none', owner_subject TEXT, created_by TEXT NOT NULL, is_private INTEGER NOT NULL DEFAULT 0,
     steward_agent_id TEXT, wallet_exists INTEGER NOT NULL DEFAULT 0, wallet_balance REAL NOT NULL DEFAULT 0, wallet_held REAL NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
   CREATE TABLE IF NOT EXISTS agentnet_org_members (org_id TEXT NOT NULL, agent_id TEXT NOT NULL, role TEXT NOT NULL, added_at INTEGER NOT NULL, PRIMARY KEY (org_id, agent_id));
   CREATE TABLE IF NOT EXISTS agentnet_work (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, work_id TEXT NOT NULL UNIQUE, org_id TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL,
     assignee TEXT, task_id TEXT, metadata TEXT NOT NULL DEFAULT '{}', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS agentnet_work_org ON agentnet_work (org_id, status);
   CREATE TABLE IF NOT EXISTS agentnet_tasks (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL UNIQUE, title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
     tags TEXT NOT NULL DEFAULT '[]', subnet_id TEXT, org_id TEXT, org_work_id TEXT, reward REAL NOT NULL DEFAULT 0, reward_currency TEXT NOT NULL,
     pay_from TEXT NOT NULL DEFAULT 'agent', escrow_amount REAL NOT NULL DEFAULT 0, escrow_status TEXT NOT NULL DEFAULT 'none',
     max_resubmit INTEGER NOT NULL, max_participants INTEGER NOT NULL DEFAULT 1, require_approval INTEGER NOT NULL DEFAULT 0,
     human_only INTEGER NOT NULL DEFAULT 0, task_type TEXT NOT NULL DEFAULT 'general', mode TEXT NOT NULL DEFAULT 'open', status TEXT NOT NULL,
     creator_id TEXT NOT NULL, creator_name TEXT NOT NULL, creator_type TEXT NOT NULL, assignee_id TEXT, metadata TEXT NOT NULL DEFAULT '{}',
     deadline INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS agentnet_tasks_status ON agentnet_tasks (status, seq);
   CREATE TABLE IF NOT EXISTS agentnet_participations (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, participation_id TEXT NOT NULL UNIQUE, task_id TEXT NOT NULL, agent_id TEXT NOT NULL, status TEXT NOT NULL,
     submission TEXT, submissions INTEGER NOT NULL DEFAULT 0, review_notes TEXT, joined_at INTEGER NOT NULL, submitted_at INTEGER,
     reviewed_at INTEGER, completed_at INTEGER, cancelled_at INTEGER);
   CREATE INDEX IF NOT EXISTS agentnet_participations_task ON agentnet_participations (task_id);
   CREATE TABLE IF NOT EXISTS agentnet_messages (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, route_id TEXT NOT NULL UNIQUE, to_agent TEXT NOT NULL, from_agent TEXT NOT NULL, message TEXT NOT NULL,
     text TEXT NOT NULL, message_type TEXT, priority TEXT NOT NULL DEFAULT 'normal', status TEXT NOT NULL DEFAULT 'unread', delivery_mode TEXT NOT NULL,
     push_error TEXT, session_id TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS agentnet_messages_to ON agentnet_messages (to_agent, seq);
   CREATE TABLE IF NOT EXISTS agentnet_manifest (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, mid TEXT NOT NULL UNIQUE, to_agent TEXT NOT NULL, from_agent TEXT NOT NULL, summary TEXT NOT NULL,
     message_type TEXT NOT NULL, content TEXT, content_url TEXT, content_hash TEXT, fee_amount REAL NOT NULL DEFAULT 0, fee_status TEXT NOT NULL DEFAULT 'none',
     escrow_id TEXT, receipt_id TEXT, created_at INTEGER NOT NULL, expires_at INTEGER, acked_at INTEGER, deleted_at INTEGER);
   CREATE INDEX IF NOT EXISTS agentnet_manifest_to ON agentnet_manifest (to_agent, seq);
   CREATE TABLE IF NOT EXISTS agentnet_agent_allowlist (agent_id TEXT NOT NULL, target_id TEXT NOT NULL, reason TEXT, added_at INTEGER NOT NULL, PRIMARY KEY (agent_id, target_id));
   CREATE TABLE IF NOT EXISTS agentnet_follows (follower_id TEXT NOT NULL, followee_id TEXT NOT NULL, created_at INTEGER NOT NULL, PRIMARY KEY (follower_id, followee_id));
   CREATE TABLE IF NOT EXISTS agentnet_sessions (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL UNIQUE, inviter_id TEXT NOT NULL, invitee_id TEXT NOT NULL, status TEXT NOT NULL,
     metadata TEXT NOT NULL DEFAULT '{}', ttl_seconds INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, decided_at INTEGER, closed_at INTEGER);
   CREATE TABLE IF NOT EXISTS agentnet_credits (agent_id TEXT PRIMARY KEY, balance REAL NOT NULL);
   CREATE TABLE IF NOT EXISTS agentnet_payment_caps (
     agent_id TEXT PRIMARY KEY, methods TEXT NOT NULL DEFAULT '[]', networks TEXT NOT NULL DEFAULT '[]', wallets TEXT NOT NULL DEFAULT '{}',
     wallet_address TEXT, accepts INTEGER NOT NULL DEFAULT 1, input_price REAL, output_price REAL, api_endpoint TEXT, webhook_url TEXT, updated_at INTEGER NOT NULL);
   CREATE TABLE IF NOT EXISTS agentnet_payments (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL UNIQUE, buyer TEXT NOT NULL, seller TEXT NOT NULL, amount TEXT NOT NULL, currency TEXT NOT NULL,
     method TEXT, network TEXT, description TEXT NOT NULL, metadata TEXT NOT NULL DEFAULT '{}', status TEXT NOT NULL, tx_hash TEXT,
     created_at INTEGER NOT NULL, confirmed_at INTEGER);
   CREATE TABLE IF NOT EXISTS agentnet_outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id TEXT NOT NULL UNIQUE, subnet_id TEXT, event TEXT NOT NULL, url TEXT NOT NULL, headers TEXT NOT NULL,
     body TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'pending', next_at INTEGER NOT NULL, last_status INTEGER,
     last_error TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);`,
];
