import type { AcnHandlers, Services } from '../context';
import { requireAgent, requireCaller, requireSelf } from '../context';
import { detailError, domainError, forbidden } from '../errors';
import { agentOr404, newId } from './helpers';
import { capabilityRecord, paymentRecord, pricingOf } from './records-msg';
import type { PaymentRow } from '../store/messages';

/** The live service's network fee on agent income, and its credits per USD (ACN payments). */
export const NETWORK_FEE_RATE = 0.15;
export const CREDITS_PER_USD = 10;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** Wallet capability, token pricing, estimates; payment tasks (payment_pending until the buyer confirms). */
export function paymentHandlers(s: Services): AcnHandlers {
  const cap = (id: string) => s.msgs.caps.get(id);
  const payment = (id: string): PaymentRow => {
    const p = s.msgs.payments.get(id);
    if (!p) throw detailError(404, 'Payment task not found');
    return p;
  };

  return {
    'wallet.info': (c, { params }) => {
      const a = requireAgent(s, params.id);
      const self = c.get('caller')?.agent_id === a.agent_id;
      return c.json({ ...capabilityRecord(a.agent_id, cap(a.agent_id), self ? s.msgs.credits(a.agent_id) : 0), credits: self ? s.msgs.credits(a.agent_id) : null });
    },
    'wallet.capability.get': (c, { params }) => {
      const row = cap(params.id);
      if (!row) throw detailError(404, 'Payment capability not found');
      return c.json(capabilityRecord(params.id, row, 0));
    },
    'wallet.capability.set': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      const old = cap(me.agent_id);
      const pricing = body.token_pricing === undefined ? undefined : body.token_pricing;
      const row = {
        agent_id: me.agent_id,
        methods: JSON.stringify(body.supported_methods ?? body.payment_methods ?? body.methods ?? (old ? JSON.parse(old.methods) : [])),
        networks: JSON.stringify(body.supported_networks ?? body.networks ?? (old ? JSON.parse(old.networks) : [])),
        wallets: JSON.stringify(body.wallet_addresses ?? body.wallets ?? (old ? JSON.parse(old.wallets) : {})),
        wallet_address: body.wallet_address === undefined ? (old?.wallet_address ?? null) : body.wallet_address,
        accepts: (body.accepts_payment ?? body.accepts ?? true) ? 1 : 0,
        input_price: pricing === undefined ? (old?.input_price ?? null) : (pricing?.input_price_per_million ?? null),
        output_price: pricing === undefined ? (old?.output_price ?? null) : (pricing?.output_price_per_million ?? null),
        api_endpoint: body.api_endpoint === undefined ? (old?.api_endpoint ?? null) : body.api_endpoint,
        webhook_url: body.webhook_url === undefined ? (old?.webhook_url ?? null) : body.webhook_url,
        updated_at: s.clock.now(),
      };
      if (old) s.msgs.caps.update(me.agent_id, row);
      else s.msgs.caps.insert(row);
      return c.json({ status: 'registered', agent_id: me.agent_id, capability: capabilityRecord(me.agent_id, cap(me.agent_id), s.msgs.credits(me.agent_id)) });
    },
    'wallet.pricing.get': (c, { params }) => {
      const pricing = pricingOf(cap(params.id));
      if (!pricing) throw detailError(404, 'Token pricing not configured for this agent');
      return c.json({ agent_id: params.id, token_pricing: pricing, network_fee_rate: NETWORK_FEE_RATE, pricing_type: 'token_based' });
    },
    'wallet.pricing.set': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      const fields = { input_price: body.input_price_per_million, output_price: body.output_price_per_million, updated_at: s.clock.now() };
      if (cap(me.agent_id)) s.msgs.caps.update(me.agent_id, fields);
      else s.msgs.caps.insert({ agent_id: me.agent_id, methods: '["platform_credits"]', networks: '[]', wallets: '{}', accepts: 1, ...fields });
      return c.json({ status: 'configured', agent_id: me.agent_id, token_pricing: pricingOf(cap(me.agent_id)), network_fee_rate: NETWORK_FEE_RATE });
    },
    'wallet.estimate': (c, { body }) => {
      agentOr404(s, body.agent_id);
      const pricing = pricingOf(cap(body.agent_id));
      if (!pricing) throw detailError(404, 'Token pricing not configured for this agent');
      const input = body.estimated_input_tokens ?? body.input_tokens ?? 0;
      const output = body.estimated_output_tokens ?? body.output_tokens ?? 0;
      const total = round((input * pricing.input_price_per_million + output * pricing.output_price_per_million) / 1e6, 6);
      const fee = round(total * NETWORK_FEE_RATE, 6);
      const totalCredits = round(total * CREDITS_PER_USD, 2);
      const feeCredits = round(fee * CREDITS_PER_USD, 2);
      return c.json({
        agent_id: body.agent_id,
        estimate: { input_tokens: input, output_tokens: output, total_usd: total, network_fee_usd: fee, agent_income_usd: round(total - fee, 6), total_credits: totalCredits, network_fee_credits: feeCredits, agent_income_credits: round(totalCredits - feeCredits, 2) },
        note: 'Actual cost may vary based on actual token usage',
      });
    },

    'payments.create': (c, { body }) => {
      const me = requireCaller(c);
      if (body.from_agent !== me.agent_id) {
        throw domainError(403, 'from_agent_mismatch', `from_agent (${body.from_agent}) must be the paying agent itself (${me.agent_id}): an agent pays only from its own account`, { reason: 'from_agent_mismatch', from_agent: body.from_agent, caller: me.agent_id });
      }
      const seller = agentOr404(s, body.to_agent);
      if (seller.agent_id === me.agent_id) throw domainError(400, 'INVALID_PAYEE', 'An agent cannot pay itself', { to_agent: seller.agent_id });
      const method = body.payment_method ?? body.method ?? null;
      const sellerCap = cap(seller.agent_id);
      if (sellerCap && sellerCap.accepts === 0) throw domainError(400, 'PAYMENT_NOT_ACCEPTED', `${seller.name} does not accept payments`, { to_agent: seller.agent_id });
      const methods = sellerCap ? (JSON.parse(sellerCap.methods) as string[]) : [];
      if (method && methods.length && !methods.includes(method)) throw domainError(400, 'METHOD_NOT_ACCEPTED', `${seller.name} accepts ${methods.join(', ')}, not ${method}`, { accepted: methods, method });
      const id = newId('pay_', 8);
      s.msgs.payments.insert({ task_id: id, buyer: me.agent_id, seller: seller.agent_id, amount: String(body.amount), currency: body.currency.trim(), method, network: body.network ?? null, description: body.description ?? `Payment task: ${me.agent_id} -> ${seller.agent_id}`, metadata: JSON.stringify(body.metadata ?? {}), status: 'payment_pending', created_at: s.clock.now() });
      return c.json(paymentRecord(payment(id)));
    },
    'payments.get': (c, { params }) => {
      const me = requireCaller(c);
      const p = payment(params.tid);
      if (p.buyer !== me.agent_id && p.seller !== me.agent_id) throw detailError(404, 'Payment task not found');
      return c.json(paymentRecord(p));
    },
    // Only the buyer confirms, with the transaction hash.
    'payments.confirm': (c, { params, body }) => {
      const me = requireCaller(c);
      const p = payment(params.tid);
      if (p.buyer !== me.agent_id) throw forbidden('not_buyer', `Only the buyer (${p.buyer}) can confirm this payment`);
      if (p.status !== 'payment_pending') throw domainError(409, 'PAYMENT_NOT_PENDING', `The payment is ${p.status}, not payment_pending`, { status: p.status });
      s.msgs.payments.update(p.task_id, { status: 'payment_confirmed', tx_hash: (body.tx_hash ?? body.transaction_hash ?? '').trim(), confirmed_at: s.clock.now() });
      return c.json(paymentRecord(payment(p.task_id)));
    },
    'payments.list': (c, { params, query }) => {
      const me = requireSelf(c, s, params.id);
      const rows = s.msgs.payments.where(query.status ? '(buyer = ? OR seller = ?) AND status = ? ORDER BY seq DESC' : '(buyer = ? OR seller = ?) ORDER BY seq DESC', ...(query.status ? [me.agent_id, me.agent_id, query.status] : [me.agent_id, me.agent_id]));
      const page = rows.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 50));
      return c.json({ agent_id: me.agent_id, tasks: page.map(paymentRecord), total: rows.length });
    },
    'payments.stats': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const rows = s.msgs.payments.where('buyer = ? OR seller = ?', me.agent_id, me.agent_id);
      const side = (pick: (p: PaymentRow) => boolean) => {
        const xs = rows.filter(pick);
        return { count: xs.length, total_amount: String(round(xs.reduce((n, p) => n + Number(p.amount), 0), 6)) };
      };
      const byStatus: Record<string, number> = {};
      for (const p of rows) byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
      return c.json({ agent_id: me.agent_id, total_tasks: rows.length, as_buyer: side((p) => p.buyer === me.agent_id), as_seller: side((p) => p.seller === me.agent_id), by_status: byStatus, completed_transactions: rows.filter((p) => p.status === 'payment_confirmed' || p.status === 'payment_released').length });
    },
  };
}
