import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LedgerTask, SpendTotals } from '../../contracts/bff';
import type { SpendWrites } from '../../contracts/spend';
import { until as untilEvery } from '../testing/until';
import type { CrashPoint } from './crash';

/**
 * The real server process (src/server/main.ts under tsx) with its own DATA_DIR, on 127.0.0.1 and
 * a port chosen here, in live mode against its own sandbox over loopback http. It is killed with
 * SIGKILL at fixed points of a create, restarted, and must then list every task the service
 * charged for.
 */
const dir = mkdtempSync(join(tmpdir(), 'triptych-crash-'));
const KEY = 'msy_crash_test_key_0001';
let child: ChildProcess | null = null;
let port = 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

async function start(crashAt?: CrashPoint) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SANDBOX_SPEED: '40',
      SANDBOX_CONTROL: '1',
      ALLOW_LOOPBACK_LIVE: '1',
      TRIPTYCH_TEST_CRASH_AT: crashAt ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = proc;
  const up = await vi.waitFor(
    async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return false;
      const res = await fetch(`http://127.0.0.1:${port}/api/connections`).catch(() => null);
      if (!res?.ok) throw new Error('the server did not start');
      return true;
    },
    { timeout: 60_000, interval: 100 },
  );
  if (!up) throw new Error(`the server exited (${proc.exitCode ?? proc.signalCode})`);
  return proc;
}

const exited = (proc: ChildProcess) =>
  new Promise<string | null>((resolve) =>
    proc.exitCode !== null || proc.signalCode !== null ? resolve(proc.signalCode) : proc.once('exit', (_c, signal) => resolve(signal)),
  );

const api = async <T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T }> => {
  const { json, ...rest } = init;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(rest.headers as Record<string, string> | undefined) },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
};
const create = (prompt: string) =>
  fetch(`http://127.0.0.1:${port}/api/gen3d/openapi/v2/text-to-3d`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'preview', prompt, ai_model: 'latest' }),
  }).then(
    (r) => r.status,
    () => 'no answer' as const,
  );
/** A restarted console's ledger is read every 200 ms. */
const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number) => untilEvery(read, ok, ms, 200);
const writes = async () => (await api<SpendWrites>('/api/spend/writes?service=gen3d&limit=50')).body.writes;
/** The service's own view: every task of the account, as its list answers (docs/live-services.md#3d-generation--paging). */
const serviceTasks = async () =>
  (
    await api<Array<{ id: string; prompt: string; consumed_credits: number }>>('/sandbox/gen3d/openapi/v2/text-to-3d?page_size=50', {
      headers: { authorization: `Bearer ${KEY}` },
    })
  ).body;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited(child);
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('credits are never lost when the server is killed (kill -9) during a create', () => {
  it('finds every charged task in the ledger after a restart, the lost answers marked recovered', { timeout: 240_000 }, async () => {
    port = await freePort();

    // 1. Killed after the spend row is written, before the request leaves: nothing charged.
    let proc = await start('spend-recorded');
    const live = await api('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: KEY, baseUrl: `http://127.0.0.1:${port}/sandbox/gen3d` } });
    expect(live.status).toBe(200);
    expect(await create('one: killed before sending')).toBe('no answer');
    expect(await exited(proc)).toBe('SIGKILL');

    // 2. Killed after the service charged and answered, before the console read the answer.
    proc = await start('upstream-answered');
    expect(await create('two: killed after the answer')).toBe('no answer');
    expect(await exited(proc)).toBe('SIGKILL');

    // 3. Killed after the task was recorded, before the browser got the answer.
    proc = await start('task-recorded');
    expect(await create('three: killed after recording')).toBe('no answer');
    expect(await exited(proc)).toBe('SIGKILL');

    // 4. Killed from outside while the (slowed) service still holds the request.
    proc = await start();
    await api('/sandbox/__control/gen3d/faults', { method: 'POST', json: { kind: 'slow', delayMs: 5000, method: 'POST', path: 'text-to-3d$' } });
    const four = create('four: killed while in flight');
    await until(writes, (w) => w.some((x) => x.status === 'sending'), 10_000);
    proc.kill('SIGKILL');
    expect(await exited(proc)).toBe('SIGKILL');
    expect(await four).toBe('no answer');

    // After a restart: every write is settled, and every task the service charged is in the ledger.
    await start();
    const settled = await until(writes, (w) => w.length === 4 && w.every((x) => x.status !== 'sending'), 60_000);
    const charged = await serviceTasks();
    const promptOf = new Map(charged.map((t) => [t.id, t.prompt]));
    const byPrompt = (p: string) => settled.find((w) => w.ref !== null && promptOf.get(w.ref)?.startsWith(p));
    expect(charged.map((t) => t.prompt).sort()).toEqual(['three: killed after recording', 'two: killed after the answer']);
    for (const t of charged) {
      const inLedger = await api<LedgerTask>(`/api/ledger/gen3d/tasks/${t.id}`);
      expect(inLedger.status, t.prompt).toBe(200);
      expect(inLedger.body.recovered, t.prompt).toBe(t.prompt.startsWith('two'));
    }
    expect(byPrompt('two')?.status).toBe('recovered');
    expect(byPrompt('three')?.status).toBe('sent');
    expect(settled.filter((w) => w.status === 'unconfirmed')).toHaveLength(2);
    const totals = await api<SpendTotals>('/api/spend/totals?service=gen3d');
    expect(totals.body).toMatchObject({ mode: 'live', recovered: 1 });
    expect(totals.body.total).toBe(40);
    const balance = await api<{ balance: number }>('/api/gen3d/openapi/v1/balance');
    expect(balance.body.balance).toBe(1000 - 40);

    // A browser that gives up on a slowed create: the create is finished and recorded all the same.
    await api('/sandbox/__control/gen3d/faults', { method: 'POST', json: { kind: 'slow', delayMs: 1500, method: 'POST', path: 'text-to-3d$' } });
    const browser = new AbortController();
    const abandoned = fetch(`http://127.0.0.1:${port}/api/gen3d/openapi/v2/text-to-3d`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'preview', prompt: 'five: the browser left', ai_model: 'latest' }),
      signal: browser.signal,
    }).catch(() => null);
    await until(writes, (w) => w.length === 5, 10_000);
    browser.abort();
    await abandoned;
    const five = await until(writes, (w) => w[0]?.status === 'sent', 20_000);
    const done = await until(
      () => api<LedgerTask>(`/api/ledger/gen3d/tasks/${five[0]?.ref}`),
      (r) => r.body?.task?.status === 'SUCCEEDED',
      30_000,
    );
    expect(done.body.task.prompt).toBe('five: the browser left');
  });
});
