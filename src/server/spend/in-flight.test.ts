import { afterEach, describe, expect, it } from 'vitest';
import type { SpendTotals } from '../../contracts/bff';
import type { SpendWrite, SpendWrites } from '../../contracts/spend';
import { getCorpus } from '../../sandbox/social/engine/corpus';
import { LIVE_BASE, makeKit, previewBody, type Kit } from '../testing/kit';
import { until } from '../testing/until';

/**
 * Writes whose answer is still on the way are nobody's to look up, and an answer that may come
 * after the service did the work (a 5xx) is looked up rather than taken for a refusal: either way
 * the limits keep counting the write until the service's own answer or list settles it.
 */
let kit: Kit | undefined;
const target = getCorpus().users.find((u) => u.followersCount > 200 && u.followersCount < 2000)!;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

type Err = { error: { status: number; code: string; message: string } };
const create = (k: Kit, prompt: string) => k.json<{ result: string } & Err>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody(prompt) });
const writes = async (k: Kit, service = 'gen3d') => (await k.json<SpendWrites>(`/api/spend/writes?service=${service}`)).body.writes;
const byPrompt = async (rows: SpendWrite[], k: Kit, prompt: string) => {
  for (const w of rows) if ((JSON.parse((await k.app.tasks.get(w.ref ?? ''))?.request ?? '{}') as { prompt?: string }).prompt === prompt) return w;
  return undefined;
};
const totals = async (k: Kit) => (await k.json<SpendTotals>('/api/spend/totals?service=gen3d')).body;
const balance = async (k: Kit) => (await k.json<{ balance: number }>('/api/gen3d/openapi/v1/balance')).body.balance;

describe('a write whose answer is on the way', () => {
  it('is not looked up while another write is: it settles with what the service charged, and the daily limit holds', { timeout: 30_000 }, async () => {
    kit = await makeKit({
      spendGraceMs: 300,
      // The answer to the create for "a lost lamp" is lost on the way back: the service made it.
      liveAnswer: async (req, res) => {
        if (req.method === 'POST' && (await req.text()).includes('a lost lamp')) throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
        return res;
      },
    });
    const k = kit;
    await k.json('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_inflight_key_1234', baseUrl: LIVE_BASE } });
    await k.json('/api/spend/limits/gen3d', { method: 'PUT', json: { daily: 40 } });
    const before = await balance(k);
    // The service takes 2.5 s over the first create: its answer is on the way while the console looks the lost one up.
    await k.control('/gen3d/faults', { kind: 'slow', delayMs: 2500, method: 'POST', path: 'text-to-3d$' });
    const slow = create(k, 'a slow vase');
    await until(
      () => writes(k),
      (w) => w.length === 1,
    );
    expect((await create(k, 'a lost lamp')).body.error.code).toBe('write_unknown');
    const rows = await until(
      () => writes(k),
      (w) => w.length === 2 && w.every((r) => r.status !== 'sending'),
    );
    expect((await slow).status).toBe(202);
    expect(rows.map((r) => r.status).sort()).toEqual(['recovered', 'sent']);
    // The slow write was never taken for not made: it counts at its price until the task settles it.
    expect(await byPrompt(rows, k, 'a slow vase')).toMatchObject({ status: 'sent', reserved: 20 });
    expect((await byPrompt(rows, k, 'a slow vase'))?.actual).not.toBe(0);
    expect((await totals(k)).today).toBe(40);
    // The limit of 40 is spent: a third create is refused before it leaves, and the service charged exactly 40.
    const third = await create(k, 'one too many');
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('spend_limit');
    expect(before - (await balance(k))).toBe(40);
  });

  it('answered 5xx after the service made it: looked up and recovered, counted meanwhile, the operator told it is being checked', async () => {
    kit = await makeKit({ spendGraceMs: 300 });
    const k = kit;
    const before = await balance(k);
    await k.control('/gen3d/faults', { kind: 'http', status: 502, afterHandling: true, method: 'POST', path: 'text-to-3d$' });
    const r = await create(k, 'a gateway hiccup');
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('write_unknown');
    expect(r.body.error.message).toContain('not safe to send again yet');
    expect(r.body.error.message).not.toMatch(/try again/i);
    const rows = await until(
      () => writes(k),
      (w) => w[0]?.status === 'recovered',
    );
    expect(rows[0]).toMatchObject({ status: 'recovered', reserved: 20 });
    const task = await k.waitFor(rows[0]?.ref as string, (t) => t.task.status === 'SUCCEEDED');
    expect(task).toMatchObject({ recovered: true, request: { prompt: 'a gateway hiccup' } });
    expect(before - (await balance(k))).toBe(20);
    expect((await totals(k)).total).toBe(20);
  });

  it('answered 5xx before the service did anything: counted while it is checked, then unconfirmed with nothing spent', async () => {
    kit = await makeKit({ spendGraceMs: 300 });
    const k = kit;
    await k.control('/gen3d/faults', { kind: 'http', status: 503, method: 'POST', path: 'text-to-3d$' });
    expect((await create(k, 'never made')).body.error.code).toBe('write_unknown');
    const sending = await writes(k);
    expect(sending[0]?.status).toBe('sending');
    expect((await totals(k)).today).toBe(20);
    const rows = await until(
      () => writes(k),
      (w) => w[0]?.status === 'unconfirmed',
    );
    expect(rows[0]).toMatchObject({ status: 'unconfirmed', actual: 0 });
    expect((await totals(k)).today).toBe(0);
  });

  it('a 4xx is the service saying no: refused, nothing counted', async () => {
    kit = await makeKit();
    const k = kit;
    await k.control('/gen3d/faults', { kind: 'http', status: 402, method: 'POST', path: 'text-to-3d$' });
    expect((await create(k, 'no credits')).status).toBe(402);
    expect((await writes(k))[0]).toMatchObject({ status: 'refused', actual: 0 });
    expect((await totals(k)).today).toBe(0);
  });

  it('settles a social extraction with the credits its answer names', async () => {
    kit = await makeKit();
    const k = kit;
    const job = await k.json<{ id: string; creditsCharged: string }>('/api/social/api/v1/extractions', {
      method: 'POST',
      json: { toolType: 'follower_explorer', targetUsername: target.username, resultsLimit: 40 },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    const rows = await until(
      () => writes(k, 'social'),
      (w) => w[0]?.status === 'sent',
    );
    expect(rows[0]?.ref).toBe(job.body.id);
    expect(rows[0]?.actual).toBe(Number(job.body.creditsCharged));
    expect(rows[0]?.actual).toBeGreaterThan(0);
  });
});
