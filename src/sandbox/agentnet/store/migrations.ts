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
];
