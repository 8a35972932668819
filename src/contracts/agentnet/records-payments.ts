import { z } from '../zod';
import { Numeric } from '../common';
import { When } from '../social/records';

/** Wallets, pricing, estimates and payment tasks, read leniently (document and live names). */

const Str = z.nullish(z.string());
const Bool = z.nullish(z.boolean());
const Num = z.pipe(z.nullish(z.union([z.number(), z.string()])), z.transform((v) => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0)));
const Strs = z.pipe(z.nullish(z.array(z.string())), z.transform((v) => v ?? []));
const Pricing = z.nullish(z.looseObject({ input_price_per_million: z.nullish(Numeric), output_price_per_million: z.nullish(Numeric), currency: Str }));
const pricing = (p: z.output<typeof Pricing>) => (p ? { input: p.input_price_per_million ?? 0, output: p.output_price_per_million ?? 0, currency: p.currency ?? 'USD' } : null);

export const WalletCapability = z.pipe(
  z.looseObject({
    agent_id: Str,
    supported_methods: Strs,
    payment_methods: Strs,
    supported_networks: Strs,
    wallet_address: Str,
    wallet_addresses: z.nullish(z.record(z.string(), z.string())),
    accepts_payment: Bool,
    token_pricing: Pricing,
    credits: z.nullish(Numeric),
    balance: z.nullish(Numeric),
  }),
  z.transform((w) => ({
    agentId: w.agent_id ?? null,
    methods: w.supported_methods.length ? w.supported_methods : w.payment_methods,
    networks: w.supported_networks,
    wallets: { ...(w.wallet_addresses ?? {}) },
    walletAddress: w.wallet_address ?? null,
    accepts: !!w.accepts_payment,
    pricing: pricing(w.token_pricing),
    credits: w.credits ?? w.balance ?? null,
  })),
);
export type WalletCapability = z.output<typeof WalletCapability>;

export const TokenPricingRecord = z.pipe(z.looseObject({ agent_id: Str, token_pricing: Pricing, network_fee_rate: z.nullish(Numeric) }), z.transform((t) => ({ agentId: t.agent_id ?? null, pricing: pricing(t.token_pricing), networkFeeRate: t.network_fee_rate ?? null })));

export const EstimateResult = z.pipe(
  z.looseObject({ agent_id: Str, estimate: z.looseObject({ input_tokens: Num, output_tokens: Num, total_usd: Num, network_fee_usd: Num, agent_income_usd: Num, total_credits: Num }), note: Str }),
  z.transform((e) => ({ agentId: e.agent_id ?? null, totalUsd: e.estimate.total_usd, networkFeeUsd: e.estimate.network_fee_usd, agentIncomeUsd: e.estimate.agent_income_usd, totalCredits: e.estimate.total_credits, note: e.note ?? null })),
);

const Meta = z.nullish(z.record(z.string(), z.unknown()));
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A payment task: the client's `{task_id, buyer_agent, seller_agent, amount (string), ...}` or the document's from/to names. */
export const PaymentTask = z.pipe(
  z.looseObject({
    task_id: z.string(),
    buyer_agent: Str,
    from_agent: Str,
    seller_agent: Str,
    to_agent: Str,
    amount: Num,
    currency: Str,
    payment_method: Str,
    method: Str,
    network: Str,
    task_description: Str,
    description: Str,
    status: Str,
    tx_hash: Str,
    transaction_hash: Str,
    created_at: When,
    payment_confirmed_at: When,
    metadata: Meta,
    task_metadata: Meta,
  }),
  z.transform((p) => ({
    id: p.task_id,
    from: p.buyer_agent ?? p.from_agent ?? null,
    to: p.seller_agent ?? p.to_agent ?? null,
    amount: p.amount,
    currency: p.currency ?? 'USD',
    method: p.payment_method ?? p.method ?? null,
    network: p.network ?? null,
    description: p.task_description ?? p.description ?? '',
    status: p.status ?? 'payment_pending',
    txHash: p.tx_hash ?? p.transaction_hash ?? null,
    createdAt: p.created_at ?? null,
    confirmedAt: p.payment_confirmed_at ?? null,
    /** The pool task it rewards and why it was paid again, as the console wrote them in its metadata. */
    poolTaskId: text(p.metadata?.pool_task_id ?? p.task_metadata?.pool_task_id),
    payAgainReason: text(p.metadata?.pay_again_reason ?? p.task_metadata?.pay_again_reason),
  })),
);
export type PaymentTask = z.output<typeof PaymentTask>;
export const PaymentList = z.pipe(z.looseObject({ tasks: z.array(z.unknown()) }), z.transform((r) => ({ tasks: r.tasks.flatMap((t) => { const p = PaymentTask.safeParse(t); return p.success ? [p.data] : []; }) })));

const Side = z.nullish(z.looseObject({ count: z.nullish(Numeric), total_amount: Num }));
export const PaymentStats = z.pipe(
  z.looseObject({ total_tasks: z.nullish(Numeric), as_buyer: Side, as_seller: Side, by_status: z.nullish(z.record(z.string(), Numeric)), completed_transactions: z.nullish(Numeric) }),
  z.transform((s) => ({
    total: s.total_tasks ?? 0,
    asBuyer: { count: s.as_buyer?.count ?? 0, amount: s.as_buyer?.total_amount ?? 0 },
    asSeller: { count: s.as_seller?.count ?? 0, amount: s.as_seller?.total_amount ?? 0 },
    byStatus: s.by_status ?? {},
    completed: s.completed_transactions ?? 0,
  })),
);

/** Owner flows: transfer invite `{verification_code, expires_at}`, claims, deletion confirmation. */
export const TransferInviteResult = z.pipe(z.looseObject({ agent_id: Str, verification_code: z.string(), expires_at: When }), z.transform((t) => ({ agentId: t.agent_id ?? null, code: t.verification_code, expiresAt: t.expires_at ?? null })));
export const ClaimResult = z.pipe(
  z.looseObject({ success: Bool, agent_id: Str, owner: Str, api_key: Str, claim_status: Str, message: Str }),
  z.transform((c) => ({ agentId: c.agent_id ?? null, owner: c.owner ?? null, claimStatus: c.claim_status ?? (c.success === false ? 'unclaimed' : 'claimed'), newKeyIssued: !!c.api_key, message: c.message ?? null })),
);
