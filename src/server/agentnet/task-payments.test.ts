import { afterEach, describe, expect, it } from 'vitest';
import type { TaskPayments } from '../../contracts/agentnet';
import type { SpendWrites } from '../../contracts/spend';
import { makeKit, type Kit } from '../testing/kit';
import { until } from '../testing/until';

/**
 * A pool task paid through the console: the payment names the task, the console keeps which
 * payments paid it, and a second payment for it is refused unless it says why.
 */
let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

type Err = { error: { status: number; code: string; message: string; field?: string | null } };
type Answer = Record<string, unknown> & Err;

async function paidTask(k: Kit) {
  const call = (as: string | null, method: string, path: string, json?: unknown) =>
    k.json<Answer>(`/api/agentnet/api/v1${path}`, { method, headers: as ? { 'x-act-as': as } : {}, ...(json !== undefined ? { json } : {}) });
  const join = async (name: string) => (await call(null, 'POST', '/agents/join', { name })).body.agent_id as string;
  const creator = await join('Paying Creator');
  const worker = await join('Paid Worker');
  const task = (await call(creator, 'POST', '/tasks', { title: 'Count the crates', reward: 50, reward_currency: 'credits' })).body.task_id as string;
  await call(worker, 'POST', `/tasks/${task}/accept`, {});
  await call(worker, 'POST', `/tasks/${task}/submit`, { submission: '212 crates' });
  await call(creator, 'POST', `/tasks/${task}/review`, { approved: true });
  const pay = (extra: Record<string, unknown> = {}) =>
    call(creator, 'POST', '/payments/tasks', { from_agent: creator, to_agent: worker, amount: 50, currency: 'credits', metadata: { pool_task_id: task, ...extra } });
  const payments = async () => (await k.json<TaskPayments>(`/api/agentnet/tasks/${task}/payments`)).body.payments;
  const sent = async () => ((await call(creator, 'GET', `/payments/tasks/agent/${creator}?limit=100`)).body.tasks as unknown[]).length;
  return { creator, worker, task, call, pay, payments, sent };
}

describe('a pool task is paid once unless a second payment says why', () => {
  it('refuses a second payment for a paid task, naming the payment; one with a reason passes and both are listed', async () => {
    kit = await makeKit();
    const { creator, worker, task, call, pay, payments, sent } = await paidTask(kit);
    expect(await payments()).toEqual([]);

    const first = await pay();
    expect(first.status).toBe(200);
    const firstId = first.body.task_id as string;
    // The service keeps which task it pays: the payment itself says so.
    expect((await call(worker, 'GET', `/payments/tasks/${firstId}`)).body).toMatchObject({ metadata: { pool_task_id: task } });
    expect(await payments()).toEqual([expect.objectContaining({ paymentId: firstId, state: 'made', payer: creator, payee: worker, amount: 50, currency: 'credits', reason: null })]);

    const twice = await pay();
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'task_already_paid', field: 'metadata.pay_again_reason' });
    expect(twice.body.error.message).toBe(
      `Task ${task} is already paid by payment ${firstId} (50 credits to ${worker}), so this payment was not sent. To pay it a second time, say why in metadata.pay_again_reason (at most 500 characters).`,
    );
    expect(await sent()).toBe(1);
    const writes = (await kit.json<SpendWrites>('/api/spend/writes?service=agentnet')).body.writes;
    expect(writes.map((w) => w.status)).toEqual(['sent']);

    // A reason is text with a limit.
    expect((await pay({ pay_again_reason: '   ' })).status).toBe(400);
    expect((await pay({ pay_again_reason: 'x'.repeat(501) })).body.error.message).toMatch(/pay_again_reason takes at most 500 characters/);
    const again = await pay({ pay_again_reason: 'The first payment went to the wrong wallet.' });
    expect(again.status).toBe(200);
    expect(await sent()).toBe(2);
    expect((await payments()).map((p) => [p.paymentId, p.reason])).toEqual([
      [again.body.task_id, 'The first payment went to the wrong wallet.'],
      [firstId, null],
    ]);
  });

  it('lets one of two payments sent at once for the same task through', async () => {
    kit = await makeKit();
    const { pay, sent } = await paidTask(kit);
    const both = await Promise.all([pay(), pay()]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await sent()).toBe(1);
  });

  it('counts a payment still waiting for its answer, and one whose answer was lost once the service lists it', async () => {
    kit = await makeKit({ outbound: { limits: { write: { totalMs: 400 } } } });
    const k = kit;
    const { task, pay, payments } = await paidTask(k);
    // The service takes 0.8 s to answer payments: the console stops waiting at 0.4 s, after it was made.
    await k.control('/agentnet/faults', { kind: 'slow', delayMs: 800, method: 'POST', path: 'payments/tasks$' });
    const slow = pay();
    await until(payments, (p) => p.length === 1);
    expect(await payments()).toEqual([expect.objectContaining({ paymentId: null, state: 'sending', amount: 50 })]);
    const meanwhile = await pay();
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.error.message).toMatch(new RegExp(`^A payment for task ${task} \\(50 credits to .+\\) is still without an answer and may have been made, so this payment was not sent\\.`));
    expect((await slow).status).toBe(504);
    // The reconciler finds it among the buyer's payments: the task is paid by it.
    const found = await until(payments, (p) => p[0]?.state === 'made');
    expect(found).toEqual([expect.objectContaining({ state: 'made', paymentId: expect.stringMatching(/^pay_/), amount: 50 })]);
    expect((await pay()).body.error.code).toBe('task_already_paid');
  });
});
