import { afterEach, describe, expect, it } from 'vitest';
import type { SpendWrite, SpendWrites } from '../../contracts/spend';
import { getCorpus } from '../../sandbox/social/engine/corpus';
import { makeKit, type Kit } from '../testing/kit';
import { until } from '../testing/until';

/**
 * Social and agent writes whose answer never came: the spend ledger learns from the service's own
 * list whether they were made (recovered, with what they made) or not (unconfirmed, nothing spent).
 */
let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

type Err = { error: { status: number; code: string; message: string } };
const writes = async (k: Kit, service: string) => (await k.json<SpendWrites>(`/api/spend/writes?service=${service}`)).body.writes;
/** Writes get 0.2 s to answer; the service takes 0.6 s on the matching path, so the answer is lost after the request arrived. */
const slowWrites = async (service: string, path: string) => {
  const k = await makeKit({ outbound: { limits: { write: { totalMs: 200 } } } });
  await k.control(`/${service}/faults`, { kind: 'slow', delayMs: 600, method: 'POST', path });
  return k;
};
const target = getCorpus().users.find((u) => u.followersCount > 200 && u.followersCount < 2000)!;

describe('lost answers of social and agent writes', () => {
  it('finds an extraction whose answer was lost in the service’s job list: recovered, naming the job', async () => {
    kit = await slowWrites('social', 'extractions$');
    const k = kit;
    const r = await k.json<Err>('/api/social/api/v1/extractions', { method: 'POST', json: { toolType: 'follower_explorer', targetUsername: target.username, resultsLimit: 40 } });
    expect(r.status).toBe(504);
    expect(r.body.error.message).toContain("the console is checking the service's own list and records the write there if it was made");
    const rows = await until(
      () => writes(k, 'social'),
      (w) => w[0]?.status === 'recovered',
    );
    const row = rows[0] as SpendWrite;
    expect(row).toMatchObject({ status: 'recovered', operation: 'extractions.create', error: null });
    // The job it names is the one the service made for this request.
    const job = await k.json<{ job: { id: string; toolType: string; target: string } }>(`/api/social/api/v1/extractions/${row.ref}`);
    expect(job.status).toBe(200);
    expect(job.body.job).toMatchObject({ id: row.ref, toolType: 'follower_explorer', target: `@${target.username}` });
  });

  it('marks a monitor the service refused (its answer lost too) unconfirmed after the grace period, spending nothing', async () => {
    kit = await makeKit({ spendGraceMs: 300, outbound: { limits: { write: { totalMs: 200 } } } });
    const k = kit;
    // The service refuses a monitor of an account it does not know, slowly: the refusal never reaches the console.
    await k.control('/social/faults', { kind: 'slow', delayMs: 600, method: 'POST', path: 'monitors$' });
    const r = await k.json<Err>('/api/social/api/v1/monitors', { method: 'POST', json: { username: 'nobody_here_zz', eventTypes: ['tweet.new'] } });
    expect(r.status).toBe(504);
    const rows = await until(
      () => writes(k, 'social'),
      (w) => w[0]?.status === 'unconfirmed',
    );
    expect(rows[0]).toMatchObject({
      status: 'unconfirmed',
      actual: 0,
      error: "Nothing made by this request is in the service's own list: it was not made, and nothing was spent.",
    });
  });

  it('finds a payment whose answer was lost among its buyer’s payments, read with the buyer’s key', async () => {
    kit = await slowWrites('agentnet', 'payments/tasks$');
    const k = kit;
    const join = async (name: string) => (await k.json<{ agent_id: string }>('/api/agentnet/api/v1/agents/join', { method: 'POST', json: { name } })).body.agent_id;
    const payer = await join('Slow Payer');
    const payee = await join('Patient Payee');
    const r = await k.json<Err>('/api/agentnet/api/v1/payments/tasks', { method: 'POST', headers: { 'x-act-as': payer }, json: { from_agent: payer, to_agent: payee, amount: 7.5, currency: 'USD' } });
    expect(r.status).toBe(504);
    const rows = await until(
      () => writes(k, 'agentnet'),
      (w) => w[0]?.status === 'recovered',
    );
    const row = rows[0] as SpendWrite;
    expect(row).toMatchObject({ status: 'recovered', operation: 'payments.create', unit: 'USD', reserved: 7.5 });
    const payment = await k.json<{ task_id: string; amount: unknown }>(`/api/agentnet/api/v1/payments/tasks/${row.ref}`, { headers: { 'x-act-as': payer } });
    expect(payment.status).toBe(200);
    expect(Number(payment.body.amount)).toBe(7.5);
  });
});
