import { afterEach, describe, expect, it } from 'vitest';
import type { SpendTotals } from '../../contracts/bff';
import type { SpendDaily, SpendWrite, SpendWrites } from '../../contracts/spend';
import { LIVE_BASE, makeKit, previewBody, type Kit } from '../testing/kit';
import { until } from '../testing/until';

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

type Err = { error: { status: number; code: string; message: string; field?: string | null } };
const create = (k: Kit, body: unknown, path = '/openapi/v2/text-to-3d', init: RequestInit = {}) =>
  k.json<{ result: string } & Err>(`/api/gen3d${path}`, { method: 'POST', json: body, ...init });
const writes = async (k: Kit) => (await k.json<SpendWrites>('/api/spend/writes?service=gen3d')).body.writes;
const limit = (k: Kit, body: unknown) =>
  k.json<Err & { daily: number | null; perWrite: number | null }>('/api/spend/limits/gen3d', { method: 'PUT', json: body });
const sandboxPosts = async (k: Kit) => {
  const log = (await (await k.control('/gen3d/requests', undefined, 'GET')).json()) as { requests: Array<{ method: string; path: string }> };
  return log.requests.filter((r) => r.method === 'POST').length;
};
const goLive = (k: Kit) => k.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_spend_key_1234', baseUrl: LIVE_BASE } });

describe('the spend guard', () => {
  it('refuses a write above the per-write limit before anything is sent, with the figures; the upper end of a range counts', async () => {
    kit = await makeKit();
    expect((await limit(kit, { perWrite: 10 })).body).toMatchObject({ perWrite: 10, daily: null });
    const refused = await create(kit, previewBody());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('spend_limit');
    expect(refused.body.error.message).toBe(
      "Nothing was sent: this write (create a text-to-3D task) costs 20 credits, more than the 3D service's per-write limit of 10 credits. Raise the limit in the spend settings, or choose a cheaper option.",
    );
    expect(await sandboxPosts(kit)).toBe(0);
    expect(await writes(kit)).toEqual([]);
    expect((await create(kit, previewBody('a cheap chair', { ai_model: 'model-5' }))).status).toBe(202);
    await limit(kit, { perWrite: 20 });
    const range = await create(kit, { image_url: 'data:image/png;base64,iVBORw0KGgo=' }, '/openapi/v1/image-to-3d');
    expect(range.status).toBe(409);
    expect(range.body.error.message).toMatch(
      /^Nothing was sent: this write \(create an image-to-3D task\) costs 5 to 30 credits, and the guard counts the upper end, more than the 3D service's per-write limit of 20 credits/,
    );
  });

  it('refuses a write that would pass the daily limit, counting what today’s writes spent', async () => {
    kit = await makeKit();
    await limit(kit, { daily: 45 });
    expect((await create(kit, previewBody('one'))).status).toBe(202);
    expect((await create(kit, previewBody('two'))).status).toBe(202);
    const third = await create(kit, previewBody('three'));
    expect(third.status).toBe(409);
    const today = new Date().toISOString().slice(0, 10);
    expect(third.body.error.message).toBe(
      `Nothing was sent: this write (create a text-to-3D task) costs 20 credits, and 40 of the 3D service's daily limit of 45 credits are already spent today (${today}, UTC): it would pass the limit by 15 credits. Raise the limit in the spend settings, or wait until tomorrow.`,
    );
    expect((await create(kit, previewBody('four', { ai_model: 'model-5' }))).status).toBe(202);
    // A write the service refused cost nothing and does not count.
    await kit.control('/gen3d/faults', { kind: 'http', status: 402, method: 'POST', count: 1 });
    await limit(kit, { daily: null });
    expect((await create(kit, previewBody('five'))).status).toBe(402);
    const rows = await writes(kit);
    expect(rows.map((r) => r.status)).toEqual(['refused', 'sent', 'sent', 'sent']);
    const totals = (await kit.json<SpendTotals>('/api/spend/totals?service=gen3d')).body;
    expect(totals).toMatchObject({ service: 'gen3d', mode: 'sandbox', unit: 'credits', total: 45, today: 45, writes: 3, recovered: 0 });
    const daily = (await kit.json<SpendDaily>('/api/spend/daily?service=gen3d&days=7')).body;
    expect(daily.days).toHaveLength(7);
    expect(daily.days.at(-1)).toEqual({ day: today, amount: 45, writes: 3 });
    expect(daily.days.slice(0, 6).every((d) => d.amount === 0 && d.writes === 0)).toBe(true);
  });

  it('settles each write with what the service charged: a failed task is refunded', async () => {
    kit = await makeKit();
    await kit.control('/gen3d/faults', { kind: 'fail-task', reason: 'busy' });
    const failed = (await create(kit, previewBody('fails'))).body.result;
    const ok = (await create(kit, previewBody('works'))).body.result;
    await kit.waitFor(failed, (t) => t.task.status === 'FAILED');
    await kit.waitFor(ok, (t) => t.task.status === 'SUCCEEDED');
    const rows = await until(
      () => writes(kit as Kit),
      (w) => w.every((r) => r.actual !== null),
    );
    const byRef = Object.fromEntries(rows.map((r) => [r.ref, [r.status, r.reserved, r.actual]]));
    expect(byRef).toEqual({ [failed]: ['sent', 20, 0], [ok]: ['sent', 20, 20] });
    expect((await kit.json<SpendTotals>('/api/spend/totals?service=gen3d')).body).toMatchObject({ total: 20, unsettled: 0 });
  });

  it('takes limits only as numbers or null, for a service that exists', async () => {
    kit = await makeKit();
    const bad = await limit(kit, { daily: -5, perWrite: 'ten' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Nothing was saved: daily must be 0 or more; perWrite must be a number of credits, or null for no limit.');
    expect((await kit.json<Err>('/api/spend/limits/nope', { method: 'PUT', json: {} })).status).toBe(404);
    expect((await kit.json<Err>('/api/spend/daily?service=gen3d&days=0')).body.error.field).toBe('days');
    expect((await kit.json<Err>('/api/spend/writes?cursor=not-a-cursor')).status).toBe(400);
    expect((await limit(kit, { unit: 'US dollars', daily: 5 })).body.error.field).toBe('unit');
    const all = (await kit.json<{ limits: Array<{ service: string; unit: string }> }>('/api/spend/limits')).body.limits;
    expect(all.map((l) => `${l.service} ${l.unit}`)).toEqual(['gen3d credits', 'social credits', 'agentnet credits', 'agentnet USD']);
  });
});

describe('credits are never lost', () => {
  it('records the write before it leaves and finishes it when the browser goes away (live, slowed service)', async () => {
    kit = await makeKit();
    const k = kit;
    await goLive(k);
    await k.control('/gen3d/faults', { kind: 'slow', delayMs: 1500, method: 'POST', path: 'text-to-3d$' });
    const browser = new AbortController();
    const pending = k
      .req('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('an abandoned lamp'), signal: browser.signal })
      .catch(() => null);
    // While the service is still working on it, the ledger already holds the write.
    const sending = await until(
      () => writes(k),
      (w) => w.length > 0,
      1000,
    );
    expect(sending.map((w) => [w.status, w.mode, w.reserved])).toEqual([['sending', 'live', 20]]);
    browser.abort();
    await pending;
    const sent = await until(
      () => writes(k),
      (w) => w[0]?.status === 'sent' && !!w[0].ref,
      10_000,
    );
    const id = sent[0]?.ref as string;
    const done = await k.waitFor(id, (t) => t.task.status === 'SUCCEEDED');
    expect(done.task.prompt).toBe('an abandoned lamp');
  });

  it('finds a create whose answer was lost (a time limit tripped) in the service’s list, marked recovered', async () => {
    kit = await makeKit({ outbound: { limits: { write: { totalMs: 200 } } } });
    const k = kit;
    await goLive(k);
    await k.control('/gen3d/faults', { kind: 'slow', delayMs: 600, method: 'POST', path: 'text-to-3d$' });
    const r = await create(k, previewBody('a slow vase'));
    expect(r.status).toBe(504);
    expect(r.body.error.message).toBe(
      "The 3D service at https://live.test/sandbox/gen3d did not answer in time: the answer did not arrive within the total time limit for a write (0.2 s). It may have reached the service, so it is not safe to send again yet: the console is checking the service's own list and records the write there if it was made (the Spend page shows when it is settled).",
    );
    const rows = await until(
      () => writes(k),
      (w) => w[0]?.status === 'recovered',
      10_000,
    );
    const row = rows[0] as SpendWrite;
    expect(row).toMatchObject({ status: 'recovered', error: null });
    const task = await k.waitFor(row.ref as string, (t) => t.task.status === 'SUCCEEDED');
    expect(task).toMatchObject({ recovered: true, request: { prompt: 'a slow vase' } });
    // The service's list was asked the documented way.
    const log = (await (await k.control('/gen3d/requests', undefined, 'GET')).json()) as { requests: Array<{ method: string; path: string }> };
    expect(log.requests.some((q) => q.method === 'GET' && q.path === '/openapi/v2/text-to-3d')).toBe(true);
  });

  it('marks a write the service never made as unconfirmed after a grace period, charging nothing', async () => {
    kit = await makeKit({
      spendGraceMs: 300,
      // The service refuses (no credits), and the answer is lost on the way back.
      liveAnswer: (req, res) => {
        if (req.method === 'POST') throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
        return res;
      },
    });
    const k = kit;
    await goLive(k);
    await k.control('/gen3d/balance', { key: 'msy_spend_key_1234', balance: 0 });
    expect((await create(k, previewBody('never made'))).status).toBe(502);
    const rows = await until(
      () => writes(k),
      (w) => w[0]?.status === 'unconfirmed',
      10_000,
    );
    expect(rows[0]).toMatchObject({
      status: 'unconfirmed',
      actual: 0,
      error: "No task made by this request is in the service's task list: it was not made, and nothing was charged.",
    });
    expect((await k.json<SpendTotals>('/api/spend/totals?service=gen3d')).body.total).toBe(0);
  });
});
