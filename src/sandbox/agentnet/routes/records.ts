import { storedProbe } from '../engine/probe';
import { lastSeen, statusOf } from '../engine/presence';
import type { AdmissionRow } from '../store/admissions';
import type { AgentRow } from '../store/agents';
import type { MemberRow, SubnetRow } from '../store/subnets';

/**
 * Stored rows → answered records, with the document's and live field names (both where they
 * differ: `endpoint` and `a2a_endpoint`, `communication_mode` and `communication_policy.mode`,
 * subnet `id`, `subnet_id`, `slug`, `parent_id`, `parent_subnet_id`). Keys are never answered.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const isPushPolicy = (mode: string) => mode === 'open' || mode === 'allowlist';

/** `delivery` is derived: push policies reach the agent by relay or at its endpoint; others by none. */
export function deliveryOf(row: Pick<AgentRow, 'mode' | 'delivery_pref' | 'endpoint'>): 'direct' | 'relay' | 'none' {
  if (!isPushPolicy(row.mode)) return 'none';
  if (row.delivery_pref === 'relay') return 'relay';
  return row.endpoint ? 'direct' : 'none';
}

export const tagsOf = (row: Pick<AgentRow, 'tags'>): string[] => JSON.parse(row.tags) as string[];

/** The directory's agent record. */
export function agentSummary(row: AgentRow, now: number) {
  return {
    agent_id: row.agent_id,
    name: row.name,
    description: row.description,
    tags: tagsOf(row),
    /** The live name of tags (the official client reads `skills`). */
    skills: tagsOf(row),
    accepts_payment: false,
    endpoint: row.endpoint,
    a2a_endpoint: row.endpoint,
    communication_mode: row.mode,
    communication_policy: { mode: row.mode },
    delivery: deliveryOf(row),
    status: statusOf(row, now),
    claim_status: row.claim_status,
    pending_deletion:
      row.deletion_requested_at === null
        ? false
        : {
            requested_at: iso(row.deletion_requested_at),
            expires_at: iso(row.deletion_expires_at),
          },
    last_seen: iso(lastSeen(row, now)),
    created_at: iso(row.created_at),
    agent_card_url: row.agent_card_url,
  };
}

/** `GET /agents/{id}`: the summary plus the agent card and the inbound health fields (docs/live-services.md#agent-network--agents). */
export function agentDetails(row: AgentRow, now: number) {
  const summary = agentSummary(row, now);
  const probe = storedProbe(row.endpoint ? row.endpoint_probe : null);
  // Direct: what the last probe found (null if it timed out). Relay: reachable while connected,
  // i.e. online. None: nothing is pushed, so nothing to report.
  const inbound = summary.delivery === 'direct' ? (probe?.handshakeOk ?? null) : summary.delivery === 'relay' ? summary.status === 'online' : null;
  return {
    ...summary,
    agent_card: row.agent_card === null ? null : (JSON.parse(row.agent_card) as unknown),
    inbound_reachable: inbound,
    last_inbound_ok_at: summary.delivery === 'direct' && probe?.handshakeOk ? iso(row.endpoint_probed_at) : null,
    consec_push_failures: row.push_failures,
    unread_manifest_count: row.unread_manifest,
    attention_fee_required: row.attention_fee === 1,
  };
}

export function communicationProfile(row: AgentRow) {
  return {
    agent_id: row.agent_id,
    mode: row.mode,
    communication_mode: row.mode,
    attention_fee_required: row.attention_fee === 1,
    unread_manifest_count: row.unread_manifest,
  };
}

export function deliveryRecord(row: AgentRow) {
  return {
    agent_id: row.agent_id,
    delivery: deliveryOf(row),
    requested: row.delivery_pref,
    endpoint: row.endpoint,
    a2a_endpoint: row.endpoint,
    communication_mode: row.mode,
    push_policy: isPushPolicy(row.mode),
  };
}

export function subnetRecord(row: SubnetRow, agentCount: number) {
  return {
    id: row.subnet_id,
    subnet_id: row.subnet_id,
    slug: row.subnet_id,
    name: row.name,
    description: row.description,
    // Reserved subnets belong to the network; the live record never carries a null owner.
    owner: row.owner ?? 'system',
    created_at: iso(row.created_at),
    agent_count: agentCount,
    private: row.private === 1,
    join_policy: row.join_policy,
    parent_id: row.parent_id,
    parent_subnet_id: row.parent_id,
    parent_slug: row.parent_id,
    lifecycle: row.lifecycle,
    linked_task_id: row.linked_task_id,
    reserved: row.reserved === 1,
    harness_url: row.harness_url,
    harness_registered: !!row.harness_url,
  };
}

export function memberRecord(member: MemberRow, agent: AgentRow | undefined, now: number) {
  return {
    agent_id: member.agent_id,
    name: agent?.name ?? member.agent_id,
    role: member.role,
    joined_at: iso(member.joined_at),
    status: agent ? statusOf(agent, now) : 'offline',
  };
}

export function admissionRecord(row: AdmissionRow) {
  return {
    request_id: row.request_id,
    slug: row.subnet_id,
    subnet_id: row.subnet_id,
    kind: row.kind,
    status: row.status,
    agent_id: row.agent_id,
    note: row.note,
    decision_note: row.decision_note,
    created_at: iso(row.created_at),
    decided_at: iso(row.decided_at),
  };
}
