import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readEnv } from '../env';
import { getCorpus } from '../../sandbox/social/engine/corpus';
import { browser as makeBrowser } from '../testing/browser';
import { makeKit, previewBody, type Kit } from '../testing/kit';
import { queryRows } from '../testing/postgres';
import { teamServers } from '../testing/team-servers';

/*
 * Team mode (README, Team): with DATABASE_URL the console keeps its ledger, keys, agents' webhooks
 * and operators in PostgreSQL, not in DATA_DIR's SQLite files, and always asks for sign-in.
 */

const EMAIL = 'lead@example.com';
const PASSWORD = 'a long and fine password';
const SECRET = randomBytes(32);

let kit: Kit | undefined;
let other: Kit | undefined;
const { postgres, run } = teamServers(async () => {
  await kit?.close();
  await other?.close();
  kit = undefined;
  other = undefined;
});

/** Rows of the team database, read beside the console. */
const rows = (url: string, query: string) => queryRows(url, query);

/** Two console processes on one new PostgreSQL database, an operator signed in on the first. */
async function twoProcesses() {
  const url = await postgres().newDatabase();
  const signIn = { sessionHours: 12, trustProxy: false };
  kit = await makeKit({ databaseUrl: url, keysSecret: SECRET, signIn });
  other = await makeKit({ databaseUrl: url, keysSecret: SECRET, signIn });
  const a = kit;
  const b = other;
  await a.app.operators?.create(EMAIL, PASSWORD);
  const onA = makeBrowser(() => a);
  expect((await onA.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
  return { url, a, b, onA };
}

describe('team mode on PostgreSQL', () => {
  it('needs KEYS_SECRET and a postgres:// URL, and always asks for sign-in, on loopback too', () => {
    const secret = SECRET.toString('base64');
    expect(readEnv({ DATABASE_URL: 'postgres://console@db.internal:5432/triptych', KEYS_SECRET: secret }).signIn).toBe(true);
    expect(() => readEnv({ DATABASE_URL: 'postgres://console@db.internal:5432/triptych' })).toThrow(
      /KEYS_SECRET: team mode \(DATABASE_URL\) keeps keys sealed/,
    );
    expect(() => readEnv({ DATABASE_URL: 'mysql://db.internal/triptych', KEYS_SECRET: secret })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(readEnv({}).signIn).toBe(false);
  });

  it('keeps the ledger, the sealed keys, the operators and the agents’ state in PostgreSQL, nothing of them in DATA_DIR, across a restart', async () => {
    const url = await postgres().newDatabase();
    kit = await makeKit({ databaseUrl: url, keysSecret: SECRET, signIn: { sessionHours: 12, trustProxy: false } });
    const k = kit;
    await k.app.operators?.create(EMAIL, PASSWORD);
    const b = makeBrowser(() => k);
    expect((await b.send('/api/ledger/tasks?service=gen3d')).status).toBe(401);
    expect((await b.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
    const created = await b.send('/api/gen3d/openapi/v2/text-to-3d', {
      method: 'POST',
      body: JSON.stringify(previewBody('a team lantern')),
      headers: { 'content-type': 'application/json' },
    });
    expect(created.status).toBe(202);
    const taskId = ((await created.json()) as { result: string }).result;
    await k.app.keyring.set('gen3d', 'msy_team_key_2468', 'https://api.meshy.ai');

    // In PostgreSQL: the task, the key (sealed), the operator (schema auth), the agents' tables (schema agentnet).
    expect(await rows(url, 'select id from tasks')).toEqual([{ id: taskId }]);
    const keys = await rows(url, 'select kind, id, secret from keyring');
    expect(keys).toEqual([{ kind: 'service', id: 'gen3d', secret: expect.stringMatching(/^v1:/) }]);
    expect(JSON.stringify(keys)).not.toContain('msy_team_key_2468');
    expect(await rows(url, 'select email from auth."user"')).toEqual([{ email: EMAIL }]);
    expect(await rows(url, 'select actor, method, path, status from audit')).toEqual([
      { actor: EMAIL, method: 'POST', path: '/api/gen3d/openapi/v2/text-to-3d', status: 202 },
    ]);
    expect(await rows(url, "select table_name from information_schema.tables where table_schema = 'agentnet' and table_name = 'hooks'")).toHaveLength(1);
    for (const file of ['triptych.db', 'auth.db', 'agentnet.db']) expect(existsSync(join(k.dir, file)), file).toBe(false);

    // A restart (another process on the same database) finds all of it, the session included.
    await k.restart();
    const ledger = await b.send(`/api/ledger/gen3d/tasks/${taskId}`);
    expect(ledger.status).toBe(200);
    expect(((await ledger.json()) as { task: { id: string } }).task.id).toBe(taskId);
    expect(k.app.keyring.keyFor('gen3d', 'https://api.meshy.ai')).toBe('msy_team_key_2468');
  });

  it('does not start without an operator, and create-operator makes the first one in PostgreSQL, as in single-user mode', { timeout: 60_000 }, async () => {
    const url = await postgres().newDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'triptych-team-'));
    try {
      const env = { DATA_DIR: dir, DATABASE_URL: url, KEYS_SECRET: SECRET.toString('base64'), PORT: '0', HOST: '127.0.0.1' };
      const refused = await run('src/server/main.ts', [], env).done;
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('Sign-in is required (team mode (DATABASE_URL) always asks for it) and no operator account exists yet');
      expect(refused.err).toContain(
        "npx tsx src/server/cli.ts create-operator --email you@example.com   (with this console's DATABASE_URL and KEYS_SECRET set)",
      );
      // The database's URL (a password in it, often) is never printed.
      expect(refused.err).not.toContain(url);
      const created = await run('src/server/cli.ts', ['create-operator', '--email', EMAIL, '--role', 'admin'], env, `${PASSWORD}\n`).done;
      expect(created.err).toBe('');
      expect(created.out).toContain(`Operator ${EMAIL} (admin) created in the team database.`);
      expect(await rows(url, 'select email from auth."user"')).toEqual([{ email: EMAIL }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(
    'backed up with pg_dump and restored with pg_restore into an empty database, the team console carries on: sessions, tasks, sealed keys (README, Deploy)',
    { timeout: 60_000 },
    async () => {
      const url = await postgres().newDatabase();
      const signIn = { sessionHours: 12, trustProxy: false };
      kit = await makeKit({ databaseUrl: url, keysSecret: SECRET, signIn });
      const first = kit;
      await first.app.operators?.create(EMAIL, PASSWORD);
      const b = makeBrowser(() => first);
      expect((await b.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
      const created = await b.send('/api/gen3d/openapi/v2/text-to-3d', {
        method: 'POST',
        body: JSON.stringify(previewBody('a kept lantern')),
        headers: { 'content-type': 'application/json' },
      });
      const taskId = ((await created.json()) as { result: string }).result;
      await first.app.keyring.set('gen3d', 'msy_backed_up_1357', 'https://api.meshy.ai');

      const dir = mkdtempSync(join(tmpdir(), 'triptych-backup-'));
      try {
        const dump = join(dir, 'team.dump');
        execFileSync(join(postgres().bin, 'pg_dump'), ['--format=custom', '--file', dump, url], { stdio: 'pipe' });
        const restored = await postgres().newDatabase();
        execFileSync(join(postgres().bin, 'pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', restored, dump], { stdio: 'pipe' });
        other = await makeKit({ databaseUrl: restored, keysSecret: SECRET, signIn });
        const back = other;
        // The browser's session holds on the restored database; the task and the key are there.
        const again = makeBrowser(() => back);
        for (const [name, value] of b.jar) again.jar.set(name, value);
        const read = await again.send(`/api/ledger/gen3d/tasks/${taskId}`);
        expect(read.status).toBe(200);
        expect(back.app.keyring.keyFor('gen3d', 'https://api.meshy.ai')).toBe('msy_backed_up_1357');
        // The operator signs in again with the same password; the audit log came along.
        expect((await makeBrowser(() => back).form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' })).status).toBe(303);
        expect(await rows(restored, "select count(*)::int as n from audit where path = '/api/gen3d/openapi/v2/text-to-3d'")).toEqual([{ n: 1 }]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('a scheduled extraction due on two processes runs once: the rounds go through pg-boss, one at a time, never retried', { timeout: 60_000 }, async () => {
    const { url, onA } = await twoProcesses();
    const target = getCorpus().users.find((u) => u.followersCount > 1500 && u.followersCount < 5000)!;
    const made = await onA.send('/api/social-console/schedules', {
      method: 'POST',
      body: JSON.stringify({ request: { toolType: 'following_explorer', targetUsername: target.username, resultsLimit: 30 }, everyHours: 6 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const spends = async () => (await rows(url, "select count(*)::int as n from spends where service = 'social'"))[0]!.n;
    expect(await spends()).toBe(1);
    // Due now on both processes: each offers the round, the queue keeps one, one process runs it.
    for (let i = 0; i < 3; i++) {
      await rows(url, `update social_schedules set next_run_at = 0 where id = '${id}'`);
      // The run has recorded its write (before sending it) when the spend ledger has one row more.
      await vi.waitFor(async () => expect(await spends()).toBeGreaterThanOrEqual(2 + i), { timeout: 15_000, interval: 100 });
    }
    // Whatever ran late has run by now.
    await new Promise((ok) => setTimeout(ok, 2_500));
    expect(await spends()).toBe(4);
    const queue = await rows(url, "select name, retry_limit from pgboss.job where name = 'social-schedules' limit 1");
    expect(queue).toEqual([{ name: 'social-schedules', retry_limit: 0 }]);
  });

  it('two console processes on one PostgreSQL share sign-ins, and an event of one reaches the tabs of the other', async () => {
    const { a, b, onA } = await twoProcesses();
    // The session made on one process opens the other (sessions live in the shared database).
    const onB = makeBrowser(() => b);
    for (const [name, value] of onA.jar) onB.jar.set(name, value);
    const stream = await onB.send('/api/events');
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let seen = '';
    const until = async (text: string) => {
      const deadline = Date.now() + 10_000;
      while (!seen.includes(text)) {
        if (Date.now() > deadline) throw new Error(`the stream did not say ${text}; it said: ${seen.slice(-300)}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        seen += new TextDecoder().decode(value);
      }
    };
    await until('"type":"hello"');
    expect(
      (await onA.send('/api/connections/gen3d', { method: 'PUT', body: JSON.stringify({ mode: 'sandbox' }), headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(200);
    await until('"type":"connections"');
    await reader.cancel();
    // What one process keeps in memory of the shared tables (connections, keys) follows another's
    // change: the event makes it read them again. (A key is saved here straight into the keyring:
    // verifying one would need a live service this test does not have.)
    await a.app.keyring.set('gen3d', 'msy_team_key_9753', 'https://api.meshy.ai');
    expect(
      (await onA.send('/api/connections/gen3d', { method: 'PUT', body: JSON.stringify({ mode: 'sandbox' }), headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(200);
    await vi.waitFor(async () => {
      const list = (await (await onB.send('/api/connections')).json()) as {
        connections: Array<{ service: string; keyHint: string | null; updatedAt: number | null }>;
      };
      expect(list.connections.find((c) => c.service === 'gen3d')).toMatchObject({ keyHint: '9753', updatedAt: expect.any(Number) });
    });
    expect(b.app.keyring.keyFor('gen3d', 'https://api.meshy.ai')).toBe('msy_team_key_9753');
  });

  it('a subnet event answered by one process and replayed to the other is refused there; the other knows the receiver', async () => {
    const { a, b, onA } = await twoProcesses();
    const made = await onA.send('/api/agentnet/hooks', {
      method: 'POST',
      body: JSON.stringify({ label: 'Team subnet' }),
      headers: { 'content-type': 'application/json' },
    });
    const hook = (await made.json()) as { hookId: string; secret: string };
    const envelope = (second: number) =>
      JSON.stringify({
        event: 'org.work_updated',
        timestamp: `2026-11-01T10:00:0${second}Z`,
        task_id: 'org_1',
        data: { work_id: 'w1', status: 'done', subnet_id: 'crew' },
      });
    // Receivers take deliveries without a session: the service signs them with the receiver's secret.
    const deliver = (to: Kit, raw: string) =>
      to.req(`/api/hooks/agentnet/${hook.hookId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-acn-signature': `sha256=${createHmac('sha256', hook.secret).update(raw).digest('hex')}` },
        body: raw,
      });
    expect((await deliver(a, envelope(0))).status).toBe(200);
    expect((await deliver(b, envelope(0))).status).toBe(409);
    expect((await deliver(b, envelope(1))).status).toBe(200);
  });

  it('a social webhook delivery taken by one process and replayed to the other is refused there (one nonce store)', async () => {
    const { a, b, onA } = await twoProcesses();
    const made = await onA.send('/api/social-console/webhooks', {
      method: 'POST',
      body: JSON.stringify({ eventTypes: ['tweet.new'], origin: 'http://127.0.0.1:9' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(made.status).toBe(201);
    const { secret, receiverUrl } = (await made.json()) as { secret: string; receiverUrl: string };
    const hookId = receiverUrl.split('/').pop() as string;
    // The secret reaches the other process through the DATA_DIR volume replicas share (README, Deploy); these two have their own, so it is handed over here.
    b.app.socialConsole.secrets.put(a.app.socialConsole.secrets.byHook(hookId)!);
    const raw = JSON.stringify({ id: '9300077', eventType: 'tweet.new', username: 'ada', data: { tweetId: '7', text: 'hi' } });
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const headers = {
      'content-type': 'application/json',
      'x-xquik-timestamp': ts,
      'x-xquik-nonce': nonce,
      'x-xquik-signature': `sha256=${createHmac('sha256', secret).update(`${ts}.${nonce}.${raw}`).digest('hex')}`,
    };
    expect((await b.req(`/api/hooks/social/${hookId}`, { method: 'POST', headers, body: raw })).status).toBe(200);
    const replay = await a.req(`/api/hooks/social/${hookId}`, { method: 'POST', headers, body: raw });
    expect(replay.status).toBe(401);
    expect(await replay.text()).toMatch(/nonce/i);
  });
});
