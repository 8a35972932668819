import type { CapabilityRow, ManifestRow, MessageRow, PaymentRow, SessionRow } from '../store/messages';

/** Inbox, manifest, session, payment and wallet rows → answered records (document and live fields). */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const parse = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

export function messageRecord(m: MessageRow) {
  return {
    route_id: m.route_id,
    message_id: m.route_id,
    from_agent: m.from_agent,
    sender_id: m.from_agent,
    to_agent: m.to_agent,
    text: m.text,
    message: parse<unknown>(m.message, m.text),
    message_type: m.message_type,
    priority: m.priority,
    status: m.status,
    delivery_mode: m.delivery_mode,
    push_error: m.push_error,
    session_id: m.session_id,
    created_at: iso(m.created_at),
    timestamp: m.created_at,
    updated_at: iso(m.updated_at),
  };
}

export function manifestRecord(e: ManifestRow) {
  return {
    mid: e.mid,
    sender_id: e.from_agent,
    summary: e.summary,
    ts: e.created_at,
    message_type: e.message_type,
    content_url: e.content_url,
    content_hash: e.content_hash,
    content_size: e.content ? Buffer.byteLength(e.content) : 0,
    attention_fee: e.fee_amount > 0 ? { amount: e.fee_amount, currency: 'credits', escrow_id: e.escrow_id, status: e.fee_status } : null,
    acked_at: iso(e.acked_at),
    expires_at: iso(e.expires_at),
    extra: {},
  };
}

export function sessionRecord(s: SessionRow, now: number) {
  const expired = (s.status === 'pending' || s.status === 'accepted') && now >= s.expires_at;
  return {
    session_id: s.session_id,
    inviter_id: s.inviter_id,
    invitee_id: s.invitee_id,
    status: expired ? (s.status === 'pending' ? 'expired' : 'closed') : s.status,
    ttl_seconds: s.ttl_seconds,
    seconds_left: expired || s.status === 'rejected' || s.status === 'closed' ? 0 : Math.max(0, Math.ceil((s.expires_at - now) / 1000)),
    metadata: parse<Record<string, unknown>>(s.metadata, {}),
    created_at: iso(s.created_at),
    expires_at: iso(s.expires_at),
  };
}

export function paymentRecord(p: PaymentRow) {
  return {
    task_id: p.task_id,
    buyer_agent: p.buyer,
    seller_agent: p.seller,
    from_agent: p.buyer,
    to_agent: p.seller,
    amount: p.amount,
    currency: p.currency,
    payment_method: p.method,
    method: p.method,
    network: p.network,
    task_description: p.description,
    description: p.description,
    task_type: 'payment',
    task_metadata: parse<Record<string, unknown>>(p.metadata, {}),
    metadata: parse<Record<string, unknown>>(p.metadata, {}),
    status: p.status,
    tx_hash: p.tx_hash,
    transaction_hash: p.tx_hash,
    created_at: iso(p.created_at),
    payment_confirmed_at: iso(p.confirmed_at),
  };
}

export function pricingOf(c: CapabilityRow | undefined) {
  return c && c.input_price !== null && c.output_price !== null ? { input_price_per_million: c.input_price, output_price_per_million: c.output_price, currency: 'USD' } : null;
}

export function capabilityRecord(agentId: string, c: CapabilityRow | undefined, credits: number) {
  const methods = c ? parse<string[]>(c.methods, []) : [];
  return {
    agent_id: agentId,
    accepts_payment: c ? c.accepts === 1 : false,
    supported_methods: methods,
    payment_methods: methods,
    supported_networks: c ? parse<string[]>(c.networks, []) : [],
    wallet_address: c?.wallet_address ?? null,
    wallet_addresses: c ? parse<Record<string, string>>(c.wallets, {}) : {},
    token_pricing: pricingOf(c),
    api_endpoint: c?.api_endpoint ?? null,
    webhook_url: c?.webhook_url ?? null,
    credits,
    credits_currency: 'credits',
    updated_at: iso(c?.updated_at ?? null),
  };
}
