import type { Db } from '../../shared/db';

export type SubnetRow = {
  seq: number;
  subnet_id: string;
  name: string;
  description: string;
  owner: string | null;
  private: number;
  join_policy: 'open' | 'approval';
  parent_id: string | null;
  lifecycle: 'persistent' | 'task_scoped';
  linked_task_id: string | null;
  reserved: number;
  created_at: number;
  harness_url: string | null;
  /** Write-only: never answered. */
  harness_secret: string | null;
};

export type MemberRow = { subnet_id: string; agent_id: string; role: 'owner' | 'member'; joined_at: number };

export const RESERVED_SUBNETS = ['public', 'system'] as const;
export const isReserved = (id: string) => (RESERVED_SUBNETS as readonly string[]).includes(id);

/** Data access for subnets and their members. */
export class SubnetStore {
  constructor(private readonly db: Db) {}

  /** The reserved subnets exist from the start (document). Idempotent. */
  ensureReserved(now: number) {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO agentnet_subnets (subnet_id, name, description, owner, private, join_policy, reserved, created_at)
       VALUES (?, ?, ?, NULL, 0, 'open', 1, ?)`,
    );
    insert.run('public', 'Public', 'The network-wide public subnet. Reserved: it cannot be a parent.', now);
    insert.run('system', 'System', 'Reserved for the service. Agents cannot join it or nest under it.', now);
  }

  insert(row: Omit<SubnetRow, 'seq' | 'reserved' | 'harness_url' | 'harness_secret'>) {
    this.db
      .prepare(
        `INSERT INTO agentnet_subnets (subnet_id, name, description, owner, private, join_policy, parent_id, lifecycle, linked_task_id, created_at)
         VALUES (@subnet_id, @name, @description, @owner, @private, @join_policy, @parent_id, @lifecycle, @linked_task_id, @created_at)`,
      )
      .run(row);
  }

  /** Creates a subnet and makes its creator owner and member, in one transaction. */
  create(row: Omit<SubnetRow, 'seq' | 'reserved' | 'harness_url' | 'harness_secret'> & { owner: string }) {
    this.db.transaction(() => {
      this.insert(row);
      this.addMember(row.subnet_id, row.owner, 'owner', row.created_at);
    })();
  }

  get(subnetId: string): SubnetRow | undefined {
    return this.db.prepare(`SELECT * FROM agentnet_subnets WHERE subnet_id = ?`).get(subnetId) as SubnetRow | undefined;
  }

  exists(subnetId: string): boolean {
    return !!this.db.prepare(`SELECT 1 FROM agentnet_subnets WHERE subnet_id = ?`).get(subnetId);
  }

  all(parentId?: string): SubnetRow[] {
    return parentId === undefined
      ? (this.db.prepare(`SELECT * FROM agentnet_subnets ORDER BY reserved DESC, seq`).all() as SubnetRow[])
      : (this.db.prepare(`SELECT * FROM agentnet_subnets WHERE parent_id = ? ORDER BY seq`).all(parentId) as SubnetRow[]);
  }

  children(subnetId: string): SubnetRow[] {
    return this.all(subnetId);
  }

  ownedBy(agentId: string): SubnetRow[] {
    return this.db.prepare(`SELECT * FROM agentnet_subnets WHERE owner = ? ORDER BY seq`).all(agentId) as SubnetRow[];
  }

  update(subnetId: string, fields: Partial<Pick<SubnetRow, 'harness_url' | 'harness_secret' | 'owner' | 'lifecycle' | 'linked_task_id'>>) {
    const keys = Object.keys(fields);
    if (keys.length) this.db.prepare(`UPDATE agentnet_subnets SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE subnet_id = @subnet_id`).run({ ...fields, subnet_id: subnetId });
  }

  setRole(subnetId: string, agentId: string, role: MemberRow['role']) {
    this.db.prepare(`UPDATE agentnet_members SET role = ? WHERE subnet_id = ? AND agent_id = ?`).run(role, subnetId, agentId);
  }

  remove(subnetId: string) {
    this.db.transaction(() => {
      for (const table of ['agentnet_members', 'agentnet_admissions', 'agentnet_allowlist', 'agentnet_subnets']) {
        this.db.prepare(`DELETE FROM ${table} WHERE subnet_id = ?`).run(subnetId);
      }
    })();
  }

  addMember(subnetId: string, agentId: string, role: MemberRow['role'], now: number) {
    this.db.prepare(`INSERT OR IGNORE INTO agentnet_members (subnet_id, agent_id, role, joined_at) VALUES (?, ?, ?, ?)`).run(subnetId, agentId, role, now);
  }

  removeMember(subnetId: string, agentId: string) {
    this.db.prepare(`DELETE FROM agentnet_members WHERE subnet_id = ? AND agent_id = ?`).run(subnetId, agentId);
  }

  member(subnetId: string, agentId: string): MemberRow | undefined {
    return this.db.prepare(`SELECT * FROM agentnet_members WHERE subnet_id = ? AND agent_id = ?`).get(subnetId, agentId) as MemberRow | undefined;
  }

  members(subnetId: string): MemberRow[] {
    return this.db
      .prepare(`SELECT * FROM agentnet_members WHERE subnet_id = ? ORDER BY CASE role WHEN 'owner' THEN 0 ELSE 1 END, joined_at, agent_id`)
      .all(subnetId) as MemberRow[];
  }

  memberCount(subnetId: string): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM agentnet_members WHERE subnet_id = ?`).get(subnetId) as { n: number }).n;
  }

  subnetIdsOf(agentId: string): Set<string> {
    const rows = this.db.prepare(`SELECT subnet_id FROM agentnet_members WHERE agent_id = ?`).all(agentId) as Array<{ subnet_id: string }>;
    return new Set(rows.map((r) => r.subnet_id));
  }

  /** A free subnet id from a name: lowercase slug, 3 to 40 characters, `-2`, `-3` … on collision. */
  freeSlug(name: string): string {
    let base = name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34)
      .replace(/-+$/, '');
    if (base.length < 3) base = base ? `${base}-net` : 'subnet';
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!isReserved(candidate) && !this.exists(candidate)) return candidate;
    }
  }
}
