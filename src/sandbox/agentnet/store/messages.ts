import type { Db } from '../../shared/db';
import { Table } from './table';

/** Rows of the inbox, the manifest queue, agent allowlists, follows, sessions and payments. */

export type MessageRow = {
  seq: number;
  route_id: string;
  to_agent: string;
  from_agent: string;
  /** The message as sent (JSON). */
  message: string;
  text: string;
  message_type: string | null;
  priority: string;
  status: 'unread' | 'read' | 'processed';
  delivery_mode: string;
  push_error: string | null;
  session_id: string | null;
  created_at: number;
  updated_at: number;
};
export type ManifestRow = {
  seq: number;
  mid: string;
  to_agent: string;
  from_agent: string;
  summary: string;
  message_type: string;
  content: string | null;
  content_url: string | null;
  content_hash: string | null;
  fee_amount: number;
  fee_status: 'none' | 'held' | 'released' | 'refunded';
  escrow_id: string | null;
  receipt_id: string | null;
  created_at: number;
  expires_at: number | null;
  acked_at: number | null;
  deleted_at: number | null;
};
export type AllowRow = { agent_id: string; target_id: string; reason: string | null; added_at: number };
export type FollowRow = { follower_id: string; followee_id: string; created_at: number };
export type SessionRow = {
  seq: number;
  session_id: string;
  inviter_id: string;
  invitee_id: string;
  status: 'pending' | 'accepted' | 'rejected' | 'closed';
  metadata: string;
  ttl_seconds: number;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
  closed_at: number | null;
};
export type PaymentRow = {
  seq: number;
  task_id: string;
  buyer: string;
  seller: string;
  amount: string;
  currency: string;
  method: string | null;
  network: string | null;
  description: string;
  metadata: string;
  status: string;
  tx_hash: string | null;
  created_at: number;
  confirmed_at: number | null;
};
export type CapabilityRow = {
  agent_id: string;
  methods: string;
  networks: string;
  wallets: string;
  wallet_address: string | null;
  accepts: number;
  input_price: number | null;
  output_price: number | null;
  api_endpoint: string | null;
  webhook_url: string | null;
  updated_at: number;
};

/** Every agent starts with these sandbox credits (attention fees and agent-paid escrow draw on them). */
export const STARTING_CREDITS = 100;

export class MessageStore {
  readonly inbox: Table<MessageRow>;
  readonly manifest: Table<ManifestRow>;
  readonly allow: Table<AllowRow>;
  readonly follows: Table<FollowRow>;
  readonly sessions: Table<SessionRow>;
  readonly payments: Table<PaymentRow>;
  readonly caps: Table<CapabilityRow>;
  constructor(readonly db: Db) {
    this.inbox = new Table(db, 'agentnet_messages', 'route_id');
    this.manifest = new Table(db, 'agentnet_manifest', 'mid');
    this.allow = new Table(db, 'agentnet_agent_allowlist', 'agent_id');
    this.follows = new Table(db, 'agentnet_follows', 'follower_id');
    this.sessions = new Table(db, 'agentnet_sessions', 'session_id');
    this.payments = new Table(db, 'agentnet_payments', 'task_id');
    this.caps = new Table(db, 'agentnet_payment_caps', 'agent_id');
  }

  allowlisted(agentId: string, targetId: string): boolean {
    return !!this.allow.one('agent_id = ? AND target_id = ?', agentId, targetId);
  }

  credits(agentId: string): number {
    const row = this.db.prepare(`SELECT balance FROM agentnet_credits WHERE agent_id = ?`).get(agentId) as { balance: number } | undefined;
    return row ? row.balance : STARTING_CREDITS;
  }

  /** Adds (or with a negative delta, takes) credits; false when the balance would go below 0. */
  moveCredits(agentId: string, delta: number): boolean {
    const next = Math.round((this.credits(agentId) + delta) * 1e6) / 1e6;
    if (next < 0) return false;
    this.db.prepare(`INSERT INTO agentnet_credits (agent_id, balance) VALUES (?, ?) ON CONFLICT(agent_id) DO UPDATE SET balance = excluded.balance`).run(agentId, next);
    return true;
  }
}
