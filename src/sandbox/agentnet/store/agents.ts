import type { Db } from '../../shared/db';

export type AgentRow = {
  seq: number;
  agent_id: string;
  key_hash: string;
  name: string;
  description: string;
  /** JSON array of strings. */
  tags: string;
  endpoint: string | null;
  /** Outcome of the last endpoint probe (probe.ts): a2a, http, timeout. */
  endpoint_probe: string | null;
  endpoint_probed_at: number | null;
  mode: 'open' | 'manifest' | 'allowlist' | 'closed';
  /** What the agent asked for; the answered `delivery` is derived (records.ts). */
  delivery_pref: 'direct' | 'relay' | null;
  claim_status: string;
  verification_code: string;
  agent_card: string | null;
  agent_card_url: string | null;
  deletion_requested_at: number | null;
  deletion_expires_at: number | null;
  attention_fee: number;
  unread_manifest: number;
  push_failures: number;
  created_at: number;
  last_seen: number;
  heartbeat_every: number | null;
  /** The human owner (owner identity subject) once claimed. */
  owner_id: string | null;
  /** An open transfer invite: its code and expiry. */
  transfer_code: string | null;
  transfer_expires_at: number | null;
  /** The deletion confirmation token of a claimed agent's pending deletion. */
  deletion_token: string | null;
};

type Later = 'seq' | 'endpoint_probed_at' | 'deletion_requested_at' | 'deletion_expires_at' | 'owner_id' | 'transfer_code' | 'transfer_expires_at' | 'deletion_token';
export type NewAgent = Omit<AgentRow, Later> & Partial<Pick<AgentRow, 'endpoint_probed_at' | 'owner_id'>>;

type Editable = Partial<Omit<AgentRow, 'seq' | 'agent_id'>>;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Data access for agents. Status is not stored: presence.ts derives it from the clock. */
export class AgentStore {
  constructor(private readonly db: Db) {}

  insert(row: NewAgent) {
    this.db
      .prepare(
        `INSERT INTO agentnet_agents (agent_id, key_hash, name, description, tags, endpoint, endpoint_probe, endpoint_probed_at, mode,
           delivery_pref, claim_status, verification_code, agent_card, agent_card_url, attention_fee, unread_manifest, push_failures,
           created_at, last_seen, heartbeat_every)
         VALUES (@agent_id, @key_hash, @name, @description, @tags, @endpoint, @endpoint_probe, @endpoint_probed_at, @mode,
           @delivery_pref, @claim_status, @verification_code, @agent_card, @agent_card_url, @attention_fee, @unread_manifest, @push_failures,
           @created_at, @last_seen, @heartbeat_every)`,
      )
      .run({ endpoint_probed_at: null, ...row });
    if (row.owner_id) this.update(row.agent_id, { owner_id: row.owner_id });
  }

  get(agentId: string): AgentRow | undefined {
    return this.db.prepare(`SELECT * FROM agentnet_agents WHERE agent_id = ?`).get(agentId) as AgentRow | undefined;
  }

  byKeyHash(keyHash: string): AgentRow | undefined {
    return this.db.prepare(`SELECT * FROM agentnet_agents WHERE key_hash = ?`).get(keyHash) as AgentRow | undefined;
  }

  count(): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM agentnet_agents`).get() as { n: number }).n;
  }

  /** Agents matching a tag (exact, any case) and a name fragment (any case), by name. */
  /** Agents with every one of `tags` (case-insensitive) and a name containing `name`. */
  search(filter: { tags?: string[]; name?: string | undefined }): AgentRow[] {
    const where: string[] = [];
    const args: string[] = [];
    for (const tag of filter.tags ?? []) {
      where.push(`EXISTS (SELECT 1 FROM json_each(agentnet_agents.tags) WHERE lower(json_each.value) = lower(?))`);
      args.push(tag);
    }
    if (filter.name) {
      where.push(`name LIKE ? ESCAPE '\\'`);
      args.push(`%${likeEscape(filter.name.trim())}%`);
    }
    const sql = `SELECT * FROM agentnet_agents ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY name COLLATE NOCASE, seq`;
    return this.db.prepare(sql).all(...args) as AgentRow[];
  }

  update(agentId: string, fields: Editable) {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    this.db.prepare(`UPDATE agentnet_agents SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE agent_id = @agent_id`).run({ ...fields, agent_id: agentId });
  }

  /** An authenticated request or heartbeat: the agent is seen now. */
  touch(agentId: string, now: number) {
    this.db.prepare(`UPDATE agentnet_agents SET last_seen = MAX(last_seen, ?) WHERE agent_id = ?`).run(now, agentId);
  }

  /** Removes the agent with its memberships, admissions and allowlist entries. */
  remove(agentId: string) {
    this.db.transaction(() => {
      for (const table of ['agentnet_members', 'agentnet_admissions', 'agentnet_allowlist', 'agentnet_agents']) {
        this.db.prepare(`DELETE FROM ${table} WHERE agent_id = ?`).run(agentId);
      }
    })();
  }
}
