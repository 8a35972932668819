import { isHttpUrl, Text } from '../text-fields';
import { IntParam, Query } from '../query';
import { z } from '../zod';
import { Money } from './requests-work';
import { RESOURCE_ID } from './op';

/** Request bodies of wallets and payments, ownership flows and subnet administration. */

const Id = (what: string) => z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(120, `${what} takes at most 120 characters`));
const Url = (what: string) => z.string().check(z.refine(isHttpUrl, `${what} must be a complete http(s) URL`));

export const paymentMethods = ['credit_card', 'debit_card', 'bank_transfer', 'paypal', 'apple_pay', 'google_pay', 'usdc', 'usdt', 'dai', 'eth', 'btc', 'platform_credits'] as const;
export const paymentNetworks = ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'solana', 'bitcoin'] as const;
const Method = z.enum(paymentMethods, { error: `a method must be one of ${paymentMethods.join(', ')}` });
const Network = z.enum(paymentNetworks, { error: `a network must be one of ${paymentNetworks.join(', ')}` });
const Price = (what: string) => z.number({ error: `${what} must be a number` }).check(z.gte(0, `${what} must be 0 or more`), z.lte(1e6, `${what} is too large`));
export const TokenPricing = z.object({ input_price_per_million: Price('input_price_per_million'), output_price_per_million: Price('output_price_per_million'), currency: z.nullish(z.enum(['USD'])) });

export const PaymentCapability = z.object({
  supported_methods: z.nullish(z.array(Method).check(z.maxLength(12))),
  /** Older and document names of supported_methods / supported_networks / wallet_addresses / accepts_payment. */
  payment_methods: z.nullish(z.array(Method).check(z.maxLength(12))),
  methods: z.nullish(z.array(Method).check(z.maxLength(12))),
  supported_networks: z.nullish(z.array(Network).check(z.maxLength(7))),
  networks: z.nullish(z.array(Network).check(z.maxLength(7))),
  wallet_address: z.nullish(z.nullable(Text('wallet_address', 200))),
  wallet_addresses: z.nullish(z.partialRecord(Network, Text('a wallet address', 200))),
  wallets: z.nullish(z.partialRecord(Network, Text('a wallet address', 200))),
  accepts_payment: z.nullish(z.boolean()),
  accepts: z.nullish(z.boolean()),
  token_pricing: z.nullish(z.nullable(TokenPricing)),
  api_endpoint: z.nullish(z.nullable(Url('api_endpoint'))),
  webhook_url: z.nullish(z.nullable(Url('webhook_url'))),
});
export type PaymentCapability = z.output<typeof PaymentCapability>;

export const Estimate = z.object({
  agent_id: Id('agent_id'),
  estimated_input_tokens: z.nullish(z.int().check(z.gte(0, 'tokens must be 0 or more'), z.lte(1e12))),
  estimated_output_tokens: z.nullish(z.int().check(z.gte(0, 'tokens must be 0 or more'), z.lte(1e12))),
  /** The document's names. */
  input_tokens: z.nullish(z.int().check(z.gte(0, 'tokens must be 0 or more'), z.lte(1e12))),
  output_tokens: z.nullish(z.int().check(z.gte(0, 'tokens must be 0 or more'), z.lte(1e12))),
});

/** The longest reason a second payment for the same pool task may give. */
export const PAY_AGAIN_REASON_MAX = 500;
/**
 * A payment's metadata (free-form at the service): the console names the pool task a payment
 * rewards, and why a task already paid is paid again (the console refuses a second payment for a
 * task without it).
 */
export const PaymentMetadata = z.looseObject({
  pool_task_id: z.nullish(z.string().check(z.regex(RESOURCE_ID, 'metadata.pool_task_id must be a task id: 1 to 120 letters, digits or . _ : -'))),
  pay_again_reason: z.nullish(
    z.string({ error: 'pay_again_reason must be text' }).check(z.trim(), z.minLength(1, 'say why the task is paid again'), z.maxLength(PAY_AGAIN_REASON_MAX, `pay_again_reason takes at most ${PAY_AGAIN_REASON_MAX} characters`)),
  ),
});

export const PaymentCreate = z.object({
  from_agent: Id('from_agent'),
  to_agent: Id('to_agent'),
  amount: Money.check(z.refine((n) => n > 0, 'amount must be above 0')),
  currency: z.string({ error: 'currency is required' }).check(z.trim(), z.minLength(1, 'currency is required'), z.maxLength(16, 'currency takes at most 16 characters')),
  payment_method: z.nullish(Method),
  /** The document's name of payment_method. */
  method: z.nullish(Method),
  network: z.nullish(Network),
  description: z.nullish(Text('description', 2000)),
  metadata: z.nullish(PaymentMetadata),
});
export type PaymentCreate = z.output<typeof PaymentCreate>;

export const paymentStatuses = ['created', 'payment_requested', 'payment_pending', 'payment_confirmed', 'task_in_progress', 'task_completed', 'payment_released', 'in_progress', 'disputed', 'cancelled', 'failed', 'payment_failed', 'refunded'] as const;
export const PaymentConfirm = z
  .object({ tx_hash: z.nullish(Text('tx_hash', 200)), transaction_hash: z.nullish(Text('transaction_hash', 200)) })
  .check(z.refine((b) => !!(b.tx_hash ?? b.transaction_hash)?.trim(), { path: ['tx_hash'], message: 'tx_hash (the transaction hash) is required' }));
export const PaymentsQuery = Query({
  status: z.nullish(z.enum(paymentStatuses, { error: 'status is not a payment status' })),
  limit: IntParam(1, 1000, 'limit'),
  offset: IntParam(0, 1_000_000, 'offset'),
});

export const Claim = z.object({ verification_code: Id('verification_code') });
export const TransferInvite = z.object({ ttl_seconds: z.nullish(z.int().check(z.gte(60, 'ttl_seconds must be 60 to 2592000'), z.lte(2_592_000, 'ttl_seconds must be 60 to 2592000'))) });
export const DeletionConfirm = z.object({ token: Id('token') });

export const HarnessSet = z.object({
  harness_url: z.nullable(Url('harness_url')),
  harness_secret: z.nullish(z.nullable(Text('harness_secret', 256))),
});
export const SubnetTransfer = z
  .object({ new_owner: z.nullish(Id('new_owner')), new_owner_agent_id: z.nullish(Id('new_owner_agent_id')), agent_id: z.nullish(Id('agent_id')) })
  .check(z.refine((b) => !!(b.new_owner ?? b.new_owner_agent_id ?? b.agent_id), { path: ['new_owner'], message: 'name the new owner agent: new_owner' }));
export const SubnetAllowlistAdd = z.object({ agent_id: Id('agent_id') });
export const SubnetInvite = z.object({ agent_id: Id('agent_id'), note: z.nullish(Text('note', 500)) });
export const AdmissionQuery = Query({
  status: z.nullish(z.enum(['pending', 'approved', 'rejected', 'withdrawn'], { error: 'status must be pending, approved, rejected or withdrawn' })),
  kind: z.nullish(z.enum(['join_request', 'allowlist_auto', 'invitation'], { error: 'kind must be join_request, allowlist_auto or invitation' })),
  limit: IntParam(1, 500, 'limit'),
  offset: IntParam(0, 1_000_000, 'offset'),
});
