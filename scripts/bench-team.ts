/**
 * `npx tsx scripts/bench.ts team`: team mode on PostgreSQL 15 (started here, as in the tests):
 *   - the ledger at 1,000,000 tasks: first page and filtered pages through the BFF, p50/p99;
 *   - a watch's take-over after its replica is killed (kill -9), against the polling interval;
 *   - events fanned out to 500 event-stream clients (Node) across two replicas: events per second
 *     delivered and the delay from the write to each client, p50/p99;
 *   - BFF throughput (ledger pages) with two replicas against one, on this machine's cores.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { browser } from '../src/server/testing/browser';
import { makeKit, previewBody } from '../src/server/testing/kit';
import { startPostgres, watchHolders, type TestPostgres } from '../src/server/testing/postgres';
import { tasksSearchIndex } from '../src/server/store/postgres';
import { startServer, type Started } from '../src/server/testing/processes';
import { entryRunner } from '../src/server/testing/run';
import { leaseConnectionName } from '../src/server/watch/leases';

const TASKS = Number(process.env.BENCH_TEAM_TASKS ?? 1_000_000);
const SECRET = randomBytes(32);
const EMAIL = 'bench@example.com';
const PASSWORD = 'a long and fine password';
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] as number;

/** The ledger at a million tasks: written by PostgreSQL itself (generate_series), read through the BFF. */
async function ledger(server: TestPostgres) {
  const url = await server.newDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'triptych-bench-team-'));
  try {
    let kit = await makeKit({ dir, databaseUrl: url, keysSecret: SECRET });
    const filling = kit;
    const f0 = performance.now();
    try {
      // The trigram index is made again after the rows (a bulk build, not a million inserts into it).
      await sql`drop index tasks_search_trgm`.execute(filling.app.db.q);
      // So is the count of tasks by status and type: one statement's million trigger updates of one
      // summary row would each walk the row's versions made before it in the same transaction.
      await sql`alter table tasks disable trigger tasks_count`.execute(filling.app.db.q);
      // Tasks as the ledger keeps them (store/tasks.ts insert): 8 prompts, one in ten failed, every
      // fifth a refine; marked imported, so a start has no spend rows to make for them (spend/backfill.ts),
      // as a console whose tasks were made through it has none to make either.
      await sql`
      insert into tasks (id, service, create_path, mode, base_url, parent_id, request, created_at, updated_at, status, record, archived, spend_id, recovered, imported, type, search)
      select id, 'gen3d', '/openapi/v2/text-to-3d', 'sandbox', 'https://api.meshy.ai', null, json_build_object('mode', 'preview', 'prompt', prompt)::text,
        at, at + 20000, status, json_build_object('id', id, 'type', type, 'prompt', prompt, 'status', status, 'progress', 100, 'created_at', at, 'finished_at', at + 20000, 'consumed_credits', 20)::text,
        1, null, 0, 1, type, lower(id || ' ' || prompt)
      from (
        select
          '0190a' || lpad(to_hex(i), 6, '0') || '-7c1e-7a9b-9f00-' || lpad(to_hex(i * 7919), 12, '0') as id,
          (array['a red wooden chair','a blue ceramic mug','an oak tree in autumn','a steel office chair','a paper lantern','a low-poly fox','a brass desk lamp','a knight in armor'])[1 + i % 8] as prompt,
          case when i % 10 = 7 then 'FAILED' else 'SUCCEEDED' end as status,
          case when i % 5 = 4 then 'text-to-3d-refine' else 'text-to-3d-preview' end as type,
          (extract(epoch from now()) * 1000)::bigint - 8640000000::bigint + i * 8640 as at
        from generate_series(0::bigint, ${TASKS - 1}) as i
      ) t`.execute(filling.app.db.q);
      await tasksSearchIndex.execute(filling.app.db.q);
      await sql`insert into task_counts (service, status, type, n) select service, status, coalesce(type, ''), count(*) from tasks group by 1, 2, 3
        on conflict (service, status, type) do update set n = task_counts.n + excluded.n`.execute(filling.app.db.q);
      await sql`alter table tasks enable trigger tasks_count`.execute(filling.app.db.q);
      await sql`analyze tasks`.execute(filling.app.db.q);
    } finally {
      await filling.close();
    }
    const fillMs = performance.now() - f0;
    // The first start runs what a start runs once over a ledger (spend/backfill.ts finds nothing to do here); the second is a plain start.
    let s0 = performance.now();
    kit = await makeKit({ dir, databaseUrl: url, keysSecret: SECRET });
    const firstStartMs = performance.now() - s0;
    await kit.close();
    s0 = performance.now();
    kit = await makeKit({ dir, databaseUrl: url, keysSecret: SECRET });
    const startMs = performance.now() - s0;
    try {
      const rows = [];
      for (const path of [
        '/api/ledger/tasks?limit=50',
        '/api/ledger/tasks?limit=50&status=FAILED',
        '/api/ledger/tasks?limit=50&type=text-to-3d-refine',
        '/api/ledger/tasks?limit=50&q=chair',
        '/api/ledger/summary?service=gen3d',
      ]) {
        const lat: number[] = [];
        let count = 0;
        for (let i = 0; i < 200; i++) {
          const t = performance.now();
          const res = await kit.req(path);
          const text = await res.text();
          lat.push(performance.now() - t);
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
          count = (JSON.parse(text) as { tasks?: unknown[] }).tasks?.length ?? 0;
        }
        rows.push({ path, p50: pct(lat, 50), p99: pct(lat, 99), tasks: count });
      }
      return { tasks: TASKS, fillMs, firstStartMs, startMs, rows };
    } finally {
      await kit.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A sandbox process and `n` consoles on one new database, an operator signed in (the cookie every client uses). */
async function replicas(server: TestPostgres, run: ReturnType<typeof entryRunner>['run'], n: number, speed: string, dirs: string[]) {
  const url = await server.newDatabase();
  const temp = () => {
    const d = mkdtempSync(join(tmpdir(), 'triptych-bench-team-'));
    dirs.push(d);
    return d;
  };
  const sandbox = await startServer(run, 'src/sandbox/main.ts', { SANDBOX_DATA_DIR: temp(), SANDBOX_SPEED: speed, KEYS_SECRET: SECRET.toString('base64') });
  const env = { DATABASE_URL: url, KEYS_SECRET: SECRET.toString('base64'), SANDBOX_URL: sandbox.origin, SANDBOX_SPEED: speed };
  await run('src/server/cli.ts', ['create-operator', '--email', EMAIL, '--role', 'admin'], { ...env, DATA_DIR: temp() }, `${PASSWORD}\n`).done;
  const consoles: Started[] = [];
  for (let i = 0; i < n; i++) consoles.push(await startServer(run, 'src/server/main.ts', { ...env, DATA_DIR: temp() }));
  const first = consoles[0] as Started;
  const signIn = browser(() => first, {}, first.origin);
  await signIn.form('/sign-in', { email: EMAIL, password: PASSWORD, next: '/3d' });
  const cookie = [...signIn.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { url, sandbox, consoles, cookie };
}

/** kill -9 of the replica watching a task: how long until the other holds its watch (SANDBOX_SPEED=1: polling interval 5 s). */
async function takeOver(server: TestPostgres) {
  const { run, stopAll } = entryRunner();
  const dirs: string[] = [];
  const times: number[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const { url, consoles, cookie } = await replicas(server, run, 2, '1', dirs);
      const [a, b] = consoles as [Started, Started];
      const res = await b.req('/api/gen3d/openapi/v2/text-to-3d', {
        method: 'POST',
        json: previewBody('a bench lantern'),
        headers: { cookie, origin: b.origin },
      });
      if (res.status !== 202) throw new Error(`create: ${res.status}`);
      for (let i = 0; i < 200 && !(await watchHolders(url)).includes(leaseConnectionName(b.child.pid)); i++) await new Promise((ok) => setTimeout(ok, 50));
      const t0 = performance.now();
      b.child.kill('SIGKILL');
      while (!(await watchHolders(url)).includes(leaseConnectionName(a.child.pid))) {
        if (performance.now() - t0 > 30_000) throw new Error('no take-over in 30 s');
        await new Promise((ok) => setTimeout(ok, 20));
      }
      times.push(performance.now() - t0);
      await stopAll();
    }
    return { pollingIntervalMs: 5000, takeOverMs: times };
  } finally {
    await stopAll();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** One event stream held open by a Node client: the time each `connections` event arrived. */
async function streamClient(s: Started, cookie: string, arrivals: number[], ready: () => void) {
  const res = await fetch(`${s.origin}/api/events`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      const type = (JSON.parse(value.data) as { type: string }).type;
      if (type === 'hello') ready();
      if (type === 'connections') arrivals.push(performance.now());
    }
  })();
  return () => reader.cancel().catch(() => undefined);
}

/** 500 event-stream clients, half on each replica; writes on the first, every client hears each. */
async function fanOut(server: TestPostgres) {
  const { run, stopAll } = entryRunner();
  const dirs: string[] = [];
  try {
    const { consoles, cookie } = await replicas(server, run, 2, '1', dirs);
    const clients = 500;
    const arrivals: number[][] = Array.from({ length: clients }, () => []);
    let readyCount = 0;
    const closers = await Promise.all(arrivals.map((list, i) => streamClient(consoles[i % 2] as Started, cookie, list, () => readyCount++)));
    while (readyCount < clients) await new Promise((ok) => setTimeout(ok, 20));
    const a = consoles[0] as Started;
    const events = 40;
    const sent: number[] = [];
    const t0 = performance.now();
    for (let e = 0; e < events; e++) {
      sent.push(performance.now());
      const res = await a.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'sandbox' }, headers: { cookie, origin: a.origin } });
      if (res.status !== 200) throw new Error(`write: ${res.status}`);
      await new Promise((ok) => setTimeout(ok, 50));
    }
    const deadline = performance.now() + 20_000;
    while (arrivals.some((l) => l.length < events) && performance.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
    const elapsed = Math.max(...arrivals.flat()) - t0;
    const delays = arrivals.flatMap((l) => l.map((at, e) => at - (sent[e] as number)));
    const delivered = arrivals.reduce((n, l) => n + l.length, 0);
    for (const close of closers) await close();
    return { clients, events, delivered, expected: clients * events, perSecond: delivered / (elapsed / 1000), p50: pct(delays, 50), p99: pct(delays, 99) };
  } finally {
    await stopAll();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** Ledger pages per second from 16 clients for 8 s, against one replica and then spread over two. */
async function throughput(server: TestPostgres) {
  const { run, stopAll } = entryRunner();
  const dirs: string[] = [];
  try {
    const { consoles, cookie } = await replicas(server, run, 2, '1', dirs);
    const load = async (targets: Started[]) => {
      let done = 0;
      const end = performance.now() + 8_000;
      await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const s = targets[i % targets.length] as Started;
          while (performance.now() < end) {
            const res = await fetch(`${s.origin}/api/ledger/tasks?limit=50`, { headers: { cookie } });
            await res.arrayBuffer();
            if (res.ok) done++;
          }
        }),
      );
      return done / 8;
    };
    await load(consoles);
    const one = await load(consoles.slice(0, 1));
    const two = await load(consoles);
    return { cores: cpus().length, one, two, ratio: two / one };
  } finally {
    await stopAll();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

export async function measureTeam() {
  const server = await startPostgres();
  try {
    return { ledger: await ledger(server), takeOver: await takeOver(server), fanOut: await fanOut(server), throughput: await throughput(server) };
  } finally {
    await server.stop();
  }
}

export type TeamBench = Awaited<ReturnType<typeof measureTeam>>;

export function printTeam(r: TeamBench) {
  console.log(
    `${r.ledger.tasks.toLocaleString('en')} tasks written by PostgreSQL in ${(r.ledger.fillMs / 1000).toFixed(1)} s; console start-up ${Math.round(r.ledger.firstStartMs)} ms the first time, then ${Math.round(r.ledger.startMs)} ms`,
  );
  for (const row of r.ledger.rows)
    console.log(`  ${row.path.padEnd(56)} p50 ${row.p50.toFixed(2)} ms  p99 ${row.p99.toFixed(2)} ms${row.tasks ? ` (${row.tasks} tasks)` : ''}`);
  console.log(
    `take-over after kill -9 of the watching replica: ${r.takeOver.takeOverMs.map((t) => `${Math.round(t)} ms`).join(', ')} (polling interval ${r.takeOver.pollingIntervalMs} ms; goal under ${2 * r.takeOver.pollingIntervalMs} ms)`,
  );
  const f = r.fanOut;
  console.log(
    `fan-out: ${f.clients} event-stream clients over two replicas, ${f.events} writes: ${f.delivered} of ${f.expected} deliveries, ${Math.round(f.perSecond)} events/s, delay p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms (goal p99 under 250 ms)`,
  );
  const t = r.throughput;
  console.log(
    `throughput (GET /api/ledger/tasks?limit=50, 16 clients, ${t.cores} cores): one replica ${Math.round(t.one)} req/s, two ${Math.round(t.two)} req/s, ratio ${t.ratio.toFixed(2)}`,
  );
}
