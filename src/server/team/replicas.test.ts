import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/bff';
import { browser } from '../testing/browser';
import { eventClient } from '../testing/event-client';
import { previewBody } from '../testing/kit';
import { queryRows, watchHolders } from '../testing/postgres';
import { teamServers } from '../testing/team-servers';
import { startServer, type Started } from '../testing/processes';
import { leaseConnectionName } from '../watch/leases';

/*
 * Team mode's replicas (README, Team mode): console processes on one PostgreSQL, one sandbox
 * process (`npm run sandbox`) they all address by SANDBOX_URL. Each running task is watched by the
 * one process holding its lease; when that process dies, another takes the task over.
 */

const EMAIL = 'lead@example.com';
const PASSWORD = 'a long and fine password';
const SECRET = randomBytes(32).toString('base64');
/** A preview takes about 10 s at this speed; a sweep for unwatched tasks runs every 2.5 s. */
const SPEED = '2';

const dirs: string[] = [];
const { postgres, run } = teamServers(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-replica-'));
  dirs.push(dir);
  return dir;
};

/** A sandbox process and two consoles on one new database; an operator signed in on each. */
async function replicas() {
  const url = await postgres().newDatabase();
  const sandbox = await startServer(run, 'src/sandbox/main.ts', {
    SANDBOX_DATA_DIR: tempDir(),
    SANDBOX_SPEED: SPEED,
    SANDBOX_CONTROL: '1',
    KEYS_SECRET: SECRET,
  });
  const env = { DATABASE_URL: url, KEYS_SECRET: SECRET, SANDBOX_URL: sandbox.origin, SANDBOX_SPEED: SPEED };
  const created = await run('src/server/cli.ts', ['create-operator', '--email', EMAIL, '--role', 'operator'], { ...env, DATA_DIR: tempDir() }, `${PASSWORD}\n`)
    .done;
  expect(created.code, created.err).toBe(0);
  const [a, b] = await Promise.all([
    startServer(run, 'src/server/main.ts', { ...env, DATA_DIR: tempDir() }),
    startServer(run, 'src/server/main.ts', { ...env, DATA_DIR: tempDir() }),
  ]);
  const on = (s: Started) => browser(() => s, {}, s.origin);
  const onA = on(a);
  expect((await onA.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
  const onB = on(b);
  for (const [name, value] of onA.jar) onB.jar.set(name, value);
  return { url, sandbox, a, b, onA, onB };
}

const finished = (id: string) => (e: LiveEvent) => e.type === 'task' && e.task.id === id && e.task.task?.status === 'SUCCEEDED';

describe('replicas on one PostgreSQL and one sandbox process', () => {
  it(
    'five tabs across two replicas: one watcher for the task; kill -9 of its holder, the other takes it over and it finishes in every tab, charged once',
    { timeout: 120_000 },
    async () => {
      const { url, sandbox, a, b, onA, onB } = await replicas();
      const tabs = await Promise.all([onA, onA, onA, onB, onB].map((br) => eventClient((p) => br.send(p))));
      for (const tab of tabs) await tab.until((e) => e.type === 'hello');

      // Created through B: B takes the task's lease and watches it; A, sweeping, finds it held.
      const res = await onB.send('/api/gen3d/openapi/v2/text-to-3d', {
        method: 'POST',
        body: JSON.stringify(previewBody('a replicated lantern')),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(202);
      const id = ((await res.json()) as { result: string }).result;
      await expect.poll(() => watchHolders(url), { timeout: 10_000 }).toEqual([leaseConnectionName(b.child.pid)]);
      // Every tab, on either process, hears the task move (B's events reach A's tabs through PostgreSQL).
      for (const tab of tabs) await tab.until((e) => e.type === 'task' && e.task.id === id && (e.task.task?.progress ?? 0) > 0);
      const streams = async () =>
        ((await (await sandbox.req('/sandbox/__control/gen3d/requests')).json()) as { requests: Array<{ method: string; path: string }> }).requests.filter(
          (r) => r.path.endsWith(`/${id}/stream`),
        );
      expect(await streams()).toHaveLength(1);

      // B dies without a word; its lease goes with its connection, and A takes the task within a sweep or two.
      const killed = Date.now();
      b.child.kill('SIGKILL');
      await expect.poll(() => watchHolders(url), { timeout: 10_000, interval: 100 }).toEqual([leaseConnectionName(a.child.pid)]);
      const takeOver = Date.now() - killed;
      expect(takeOver).toBeLessThan(10_000);

      // The task finishes in A's tabs; B's tabs, cut off, open on A again (as a browser behind one address does) and read it finished.
      for (const tab of tabs.slice(0, 3)) await tab.until(finished(id), 30_000);
      for (const tab of tabs.slice(3)) expect(tab.ended).toBe(true);
      const again = browser(() => a, {}, a.origin);
      for (const [name, value] of onA.jar) again.jar.set(name, value);
      const read = (await (await again.send(`/api/ledger/gen3d/tasks/${id}`)).json()) as {
        task: { status: string; consumed_credits?: number };
        watch: { active: boolean };
      };
      expect(read.task.status).toBe('SUCCEEDED');
      expect(read.watch.active).toBe(false);
      expect(await watchHolders(url)).toEqual([]);
      // Charged once: one spend row, settled at what the task cost; one create reached the sandbox.
      const spends = await queryRows(url, "select ref, status, actual from spends where service = 'gen3d'");
      expect(spends).toEqual([{ ref: id, status: 'sent', actual: read.task.consumed_credits }]);
      const creates = (
        (await (await sandbox.req('/sandbox/__control/gen3d/requests')).json()) as { requests: Array<{ method: string; path: string }> }
      ).requests.filter((r) => r.method === 'POST');
      expect(creates).toHaveLength(1);
      expect((await streams()).length).toBeGreaterThanOrEqual(2);
      for (const tab of tabs) await tab.close();
    },
  );

  it(
    'the sandbox process is one imitation for every replica: a task made on one is read on the other, and its controls need the team’s token',
    { timeout: 60_000 },
    async () => {
      const { sandbox, a, onA, onB } = await replicas();
      expect(await (await a.req('/api/health')).json()).toMatchObject({ status: 'ok', sandbox: 'remote' });
      // The sandbox's pages for people (an agent's claim page) are read through the console; its controls are not.
      expect((await onA.send('/sandbox/health')).status).toBe(200);
      expect((await onA.send('/sandbox/__admin/reset/gen3d')).status).toBe(404);
      const res = await onA.send('/api/gen3d/openapi/v2/text-to-3d', {
        method: 'POST',
        body: JSON.stringify(previewBody('a shared chair')),
        headers: { 'content-type': 'application/json' },
      });
      const id = ((await res.json()) as { result: string }).result;
      // Through B's proxy, straight to the one sandbox process.
      expect((await onB.send(`/api/gen3d/openapi/v2/text-to-3d/${id}`)).status).toBe(200);
      // The controls, through a console (role admin for a reset: this operator may top up only), reach the one sandbox.
      const topUp = (br: typeof onA) =>
        br.send('/api/sandbox/gen3d/credits', {
          method: 'POST',
          body: JSON.stringify({ action: 'top-up', amount: 25 }),
          headers: { 'content-type': 'application/json' },
        });
      const first = await topUp(onB);
      expect(first.status).toBe(200);
      const { balance } = (await first.json()) as { balance: number };
      expect(await (await topUp(onA)).json()).toEqual({ balance: balance + 25 });
      expect((await onB.send('/api/sandbox/gen3d/reset', { method: 'POST' })).status).toBe(403);
      // Straight to the sandbox process, without the token: refused, nothing changed.
      const bare = await sandbox.req('/sandbox/__admin/credits/gen3d', { method: 'POST', json: { action: 'reset' } });
      expect(bare.status).toBe(401);
      // And a name it is not reached under: refused (DNS rebinding).
      const rebound = await new Promise<number | undefined>((ok, fail) =>
        get({ host: '127.0.0.1', port: sandbox.port, path: '/sandbox/health', headers: { host: 'rebound.example' } }, (r) => ok(r.resume().statusCode)).on(
          'error',
          fail,
        ),
      );
      expect(rebound).toBe(421);
    },
  );
});
