import { randomBytes } from 'node:crypto';
import type { Db } from '../../shared/db';

/** Admission rows (docs/live-services.md#agent-network--subnets-and-admissions): join requests, allowlist admissions and invitations. */
export type AdmissionRow = {
  seq: number;
  request_id: string;
  subnet_id: string;
  agent_id: string;
  kind: 'join_request' | 'allowlist_auto' | 'invitation';
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  note: string | null;
  decision_note: string | null;
  created_at: number;
  decided_at: number | null;
};

export const newRequestId = () => `jr_${randomBytes(8).toString('hex')}`;

/** Data access for admissions and subnet allowlists. */
export class AdmissionStore {
  constructor(readonly db: Db) {}

  insert(row: Omit<AdmissionRow, 'seq' | 'request_id' | 'decision_note' | 'decided_at'> & Partial<Pick<AdmissionRow, 'decided_at' | 'request_id'>>): AdmissionRow {
    const full = { request_id: newRequestId(), decision_note: null, decided_at: null, ...row };
    this.db
      .prepare(
        `INSERT INTO agentnet_admissions (request_id, subnet_id, agent_id, kind, status, note, decision_note, created_at, decided_at)
         VALUES (@request_id, @subnet_id, @agent_id, @kind, @status, @note, @decision_note, @created_at, @decided_at)`,
      )
      .run(full);
    return this.get(full.subnet_id, full.request_id) as AdmissionRow;
  }

  get(subnetId: string, requestId: string): AdmissionRow | undefined {
    return this.db.prepare(`SELECT * FROM agentnet_admissions WHERE subnet_id = ? AND request_id = ?`).get(subnetId, requestId) as AdmissionRow | undefined;
  }

  /** The agent's pending row of a kind in a subnet, if any. */
  pending(subnetId: string, agentId: string, kind: AdmissionRow['kind']): AdmissionRow | undefined {
    return this.db
      .prepare(`SELECT * FROM agentnet_admissions WHERE subnet_id = ? AND agent_id = ? AND kind = ? AND status = 'pending' ORDER BY seq DESC`)
      .get(subnetId, agentId, kind) as AdmissionRow | undefined;
  }

  list(subnetId: string): AdmissionRow[] {
    return this.db.prepare(`SELECT * FROM agentnet_admissions WHERE subnet_id = ? ORDER BY seq DESC`).all(subnetId) as AdmissionRow[];
  }

  decide(requestId: string, status: AdmissionRow['status'], now: number, decisionNote: string | null = null) {
    this.db.prepare(`UPDATE agentnet_admissions SET status = ?, decided_at = ?, decision_note = ? WHERE request_id = ?`).run(status, now, decisionNote, requestId);
  }

  allowlist(subnetId: string, agentId: string, now: number) {
    this.db.prepare(`INSERT OR IGNORE INTO agentnet_allowlist (subnet_id, agent_id, added_at) VALUES (?, ?, ?)`).run(subnetId, agentId, now);
  }

  isAllowlisted(subnetId: string, agentId: string): boolean {
    return !!this.db.prepare(`SELECT 1 FROM agentnet_allowlist WHERE subnet_id = ? AND agent_id = ?`).get(subnetId, agentId);
  }

  /** Subnets where the agent has a pending row or an allowlist entry: it may see them while private. */
  admittableSubnets(agentId: string): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT subnet_id FROM agentnet_admissions WHERE agent_id = ? AND status = 'pending'
         UNION SELECT subnet_id FROM agentnet_allowlist WHERE agent_id = ?`,
      )
      .all(agentId, agentId) as Array<{ subnet_id: string }>;
    return new Set(rows.map((r) => r.subnet_id));
  }
}
