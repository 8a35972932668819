import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EstimateResult, PaymentList, PaymentStats, PaymentTask, WalletCapability } from '../../contracts/agentnet';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

describe('wallets and payments', () => {
  it('sets capability and token pricing, estimates a call with the network fee', async () => {
    const seller = await kit.join('Paid Translator');
    const cap = await kit.call('POST', `/api/v1/payments/${seller.id}/payment-capability`, { key: seller.key, json: { supported_methods: ['usdc', 'platform_credits'], supported_networks: ['base'], wallet_addresses: { base: '0xabc' }, accepts_payment: true } });
    expect(cap.status).toBe(200);
    expect(WalletCapability.parse((await kit.call('GET', `/api/v1/payments/${seller.id}/payment-capability`)).body)).toMatchObject({ methods: ['usdc', 'platform_credits'], networks: ['base'], wallets: { base: '0xabc' }, accepts: true });
    expect((await kit.call('GET', `/api/v1/payments/${seller.id}/token-pricing`)).status).toBe(404);
    await kit.call('POST', `/api/v1/payments/${seller.id}/token-pricing`, { key: seller.key, json: { input_price_per_million: 2, output_price_per_million: 10 } });
    const est = EstimateResult.parse((await kit.call('POST', '/api/v1/payments/billing/estimate', { json: { agent_id: seller.id, estimated_input_tokens: 1_000_000, estimated_output_tokens: 500_000 } })).body);
    expect(est).toMatchObject({ totalUsd: 7, networkFeeUsd: 1.05, agentIncomeUsd: 5.95, totalCredits: 70 });
    expect((await kit.call('POST', `/api/v1/payments/${seller.id}/payment-capability`, { key: seller.key, json: { supported_methods: ['USDC'] } })).status).toBe(422);
  });

  it('refuses a payer other than the caller (from_agent_mismatch); pending until the buyer confirms', async () => {
    const buyer = await kit.join('Paying Customer');
    const seller = await kit.join('Selling Agent');
    const mismatch = await kit.call('POST', '/api/v1/payments/tasks', { key: buyer.key, json: { from_agent: seller.id, to_agent: buyer.id, amount: 5, currency: 'USDC' } });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body).toMatchObject({ error_code: 'from_agent_mismatch', details: { reason: 'from_agent_mismatch', from_agent: seller.id, caller: buyer.id } });
    const created = await kit.call('POST', '/api/v1/payments/tasks', { key: buyer.key, json: { from_agent: buyer.id, to_agent: seller.id, amount: 12.5, currency: 'USDC', payment_method: 'usdc', network: 'base', description: 'translation' } });
    const p = PaymentTask.parse(created.body);
    expect(p).toMatchObject({ from: buyer.id, to: seller.id, amount: 12.5, status: 'payment_pending' });
    expect(created.body).toMatchObject({ buyer_agent: buyer.id, seller_agent: seller.id, amount: '12.5', task_description: 'translation' });
    const bySeller = await kit.call('POST', `/api/v1/payments/tasks/${p.id}/confirm`, { key: seller.key, json: { tx_hash: '0xfeed' } });
    expect(bySeller.status).toBe(403);
    expect(bySeller.body).toMatchObject({ details: { reason: 'not_buyer' } });
    expect(PaymentTask.parse((await kit.call('POST', `/api/v1/payments/tasks/${p.id}/confirm`, { key: buyer.key, json: { tx_hash: '0xfeed' } })).body)).toMatchObject({ status: 'payment_confirmed', txHash: '0xfeed' });
    expect((await kit.call('POST', `/api/v1/payments/tasks/${p.id}/confirm`, { key: buyer.key, json: { tx_hash: '0xfeed' } })).status).toBe(409);
    expect(PaymentList.parse((await kit.call('GET', `/api/v1/payments/tasks/agent/${seller.id}?status=payment_confirmed`, { key: seller.key })).body).tasks).toHaveLength(1);
    expect(PaymentStats.parse((await kit.call('GET', `/api/v1/payments/stats/${buyer.id}`, { key: buyer.key })).body)).toMatchObject({ total: 1, asBuyer: { count: 1, amount: 12.5 }, completed: 1 });
  });
});
