import type { Spend as RouteSpend } from '../routes';

/**
 * Operations that spend, and where their amount and currency come from, so the BFF can record
 * each in the spend ledger and check it against the spend guard (an amount per currency) before
 * the request leaves. Amounts come from the checked request body; nothing here is priced by the
 * console itself.
 */
export type Spend = { amount: number; currency: string; what: string };
type Body = Record<string, unknown> | undefined;

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0);
const fee = (b: Body, what: string): Spend | null => {
  const f = b?.attention_fee as { amount?: unknown; currency?: unknown } | undefined;
  return f && num(f.amount) > 0 ? { amount: num(f.amount), currency: typeof f.currency === 'string' ? f.currency : 'credits', what } : null;
};

export const agentnetSpends: Readonly<Record<string, (body: Body) => Spend | null>> = {
  /** A payment from the acting agent: `amount` in `currency` (body). */
  'payments.create': (b) => ({ amount: num(b?.amount), currency: String(b?.currency ?? 'USD'), what: `payment to ${String(b?.to_agent ?? 'an agent')}` }),
  /** An org-paid reward above 0 is locked in the org wallet's escrow: `reward` in `reward_currency` (default credits). */
  'orgs.publishTask': (b) => {
    const payFrom = b?.pay_from ?? b?.['pay-from'];
    const reward = num(b?.reward);
    return payFrom === 'org' && reward > 0 ? { amount: reward, currency: String(b?.reward_currency ?? 'credits'), what: `org-paid reward for "${String(b?.title ?? 'a task')}" (escrow)` } : null;
  },
  /** A pool task with `use_escrow` locks its reward from the creator. */
  'tasks.create': (b) => {
    const reward = num(b?.reward ?? b?.reward_amount);
    return b?.use_escrow === true && reward > 0 ? { amount: reward, currency: String(b?.reward_currency ?? 'ap_points'), what: `escrowed reward for "${String(b?.title ?? 'a task')}"` } : null;
  },
  /** Attention fees (credits), held until the recipient acknowledges; refunded when it deletes the entry. */
  'messages.send': (b) => fee(b, 'attention fee of a message'),
  'messages.notify': (b) => fee(b, 'attention fee of a notification'),
};

/** What an operation would spend with this body, or null. */
export const spendOf = (opId: string, body: Body): Spend | null => agentnetSpends[opId]?.(body) ?? null;

/**
 * The route table's `spend` of an operation that may spend: the amount and its unit (currency)
 * from the body; a body that spends nothing (no escrow, no fee) is not recorded.
 */
export function agentnetSpend(opId: keyof typeof agentnetSpends): RouteSpend {
  const of = (body: Body) => spendOf(opId, body);
  return {
    unit: 'credits',
    unitOf: (b) => of(b)?.currency ?? 'credits',
    price: { kind: 'computed', of: (b) => ({ min: of(b)?.amount ?? 0, max: of(b)?.amount ?? 0 }) },
    applies: (b) => of(b) !== null,
  };
}
