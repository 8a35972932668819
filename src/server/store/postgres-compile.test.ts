import {
  Kysely,
  NoResultError,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { agentnetMigrations, AgentnetStore, type AgentnetDatabase } from '../agentnet/store';
import { TaskPayments } from '../agentnet/task-payments';
import { Throttle, throttleMigrations, tryKeys, type ThrottleDatabase } from '../auth/throttle';
import { ConnectionSettings } from '../connections/settings';
import type { Upstreams } from '../connections/upstream';
import { EventHub } from '../events/hub';
import { JobBook } from '../social/jobs';
import { ReceivedLog } from '../social/received-log';
import { Scheduler } from '../social/schedules';
import { NonceStore } from '../social/signature';
import { backfillSpends } from '../spend/backfill';
import { SpendLifecycle } from '../spend/lifecycle';
import { SpendLog } from '../spend/spend-log';
import { Balances } from './balances';
import { ConsoleSettings } from './console-settings';
import { Db } from './database';
import { postgresDialect } from './postgres';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { ProcessLease } from './process-lease';
import type { Database } from './schema';
import { TaskFiles } from './task-files';
import { TaskPages } from './task-pages';
import { TaskStore } from './tasks';

/**
 * Every query the server's stores make, and every migration, compiled for PostgreSQL: the stores
 * run against kysely with PostgreSQL's compiler and a driver that records each query and answers
 * with no rows, then with one row of every column (so that each branch after a read runs too).
 * A query that cannot compile fails the test, and so does SQLite's own SQL outside store/sqlite.ts.
 */

/** SQLite's own SQL: none of it may reach another database. */
const SQLITE_ONLY = [
  /\binsert\s+or\b/i,
  /\binsert\s+ignore\b/i,
  /\bor\s+(ignore|replace)\b/i,
  /\bjson_(extract|each)\b/i,
  /\bstrftime\b/i,
  /\bifnull\b/i,
  /\bgroup_concat\b/i,
  /\b(datetime|julianday)\s*\(/i,
  /\browid\b/i,
  /\bpragma\b/i,
  /\bautoincrement\b/i,
  /\bfts5\b/i,
  /\bmatch\b/i,
  /\bglob\b/i,
  /\blast_insert_rowid\b/i,
  /\bwithout\s+rowid\b/i,
  /\bbegin\s+immediate\b/i,
  /\?/,
  /`/,
];

const T = Date.UTC(2026, 10, 20, 12);
/** One row holding every column a store reads, with values its code accepts. */
const anyRow = {
  id: 1, seq: 1, n: 1, total: 0, today: 0, unsettled: 0, writes: 0, recovered: 0, files: 0, bytes: 0, tasks: 0, due: T, name: '0001_initial',
  service: 'gen3d', mode: 'sandbox', base_url: 'sandbox', unit: 'credits', status: 'sending', type: 'text-to-3d-preview', day: '2026-11-20',
  amount: 0, reserved: 10, actual: null, balance: 1, at: T, value: '1', key: 'k', daily: 100, per_write: 50, updated_at: T, created_at: T, expires_at: T + 60_000, started_at: T,
  host: 'elsewhere', pid: 1, owner: null, operation: 'payments.create', method: 'POST', path: '/p', ref: null, error: null,
  request: '{}', record: '{}', body: '{}', create_path: '/openapi/v2/text-to-3d', parent_id: null, archived: 0, imported: 0, spend_id: null, search: '', watch_error: null, next_check_at: null,
  task_id: 't1', upstream_url: 'https://assets.meshy.ai/x.glb', file: null, content_type: null, size: 1, state: 'legacy', attempts: 0, next_attempt_at: null, reason: null, archived_at: null,
  payment_id: 'p1', pool_task_id: 'pool-1', payer: null, payee: null, currency: 'USD',
  tool_type: 'follower_explorer', target_key: 'follower_explorer:@ada', target: '@ada', finished_at: null, total_rows: null, new_rows: null, schedule_id: null, first_run: 1, row_id: 'r1', job_id: 'j1',
  every_hours: 6, active: 1, next_run_at: T, last_run_at: null, last_job_id: null, last_error: null,
  hook_id: 'h1', webhook_id: null, received_at: T, verdict: 'refused', event_type: null, event_id: null, delivery_id: null, label: 'l', secret: 's',
  verified: 0, refusal: null, signature_header: null, event: null, subnet_id: null, org_id: null, data: null, body_sha256: 'x', answered_at: T, nonce: 'n',
};

class RecordingDriver implements Driver {
  readonly queries: CompiledQuery[] = [];
  rows: 'none' | 'one' = 'none';
  private readonly connection: DatabaseConnection = {
    executeQuery: <R,>(query: CompiledQuery): Promise<QueryResult<R>> => {
      this.queries.push(query);
      const rows = (this.rows === 'one' ? [anyRow] : []) as R[];
      return Promise.resolve({ rows, numAffectedRows: this.rows === 'one' ? 1n : 0n });
    },
    // eslint-disable-next-line require-yield -- no store streams
    streamQuery: async function* () {
      throw new Error('no store streams its rows');
    },
  };
  init = () => Promise.resolve();
  acquireConnection = () => Promise.resolve(this.connection);
  beginTransaction = () => Promise.resolve();
  commitTransaction = () => Promise.resolve();
  rollbackTransaction = () => Promise.resolve();
  releaseConnection = () => Promise.resolve();
  destroy = () => Promise.resolve();
}

function postgres<DB>() {
  const driver = new RecordingDriver();
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { driver, db: new Db(db, postgresDialect) };
}

/** The store with every method call recorded by name (calls a method makes on `this` included). */
function tracked<T extends object>(store: T, called: Set<string>): T {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value === 'function' && typeof prop === 'string') called.add(`${target.constructor.name}.${prop}`);
      return value;
    },
  });
}

const methodsOf = (...classes: Array<{ name: string; prototype: object }>) =>
  classes.flatMap((c) => Object.getOwnPropertyNames(c.prototype).filter((m) => m !== 'constructor').map((m) => `${c.name}.${m}`));

/** Runs a call, ignoring that a read found no row (the driver answered none). */
const run = async (call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (err) {
    if (!(err instanceof NoResultError)) throw err;
  }
};

const op = { id: 'textTo3d.create', service: 'gen3d', summary: 'create a text-to-3D task', method: 'POST', path: '/openapi/v2/text-to-3d', kind: 'create' } as const;

describe('every query of the server compiles for PostgreSQL', () => {
  it('the migrations of the three databases', async () => {
    const sqls: string[] = [];
    for (const [set, name] of [
      [migrations, 'triptych.db'],
      [agentnetMigrations, 'agentnet.db'],
      [throttleMigrations, 'auth.db'],
    ] as const) {
      const { driver, db } = postgres<unknown>();
      await migrateToLatest(db.root, set);
      const done = driver.queries.filter((q) => /insert into "kysely_migration"/.test(q.sql));
      expect(done.length, name).toBe(Object.keys(set).length);
      sqls.push(...driver.queries.map((q) => q.sql));
    }
    expect(sqls.filter((s) => /^create table/.test(s)).length).toBeGreaterThan(20);
    for (const s of sqls) for (const token of SQLITE_ONLY) expect(s, `${token} in: ${s}`).not.toMatch(token);
  });

  it('the queries of every store, each method called', async () => {
    const { driver, db } = postgres<Database>();
    const called = new Set<string>();
    const track = <T extends object>(s: T) => tracked(s, called);
    const hub = new EventHub();
    const files = track(new TaskFiles(db));
    const tasks = track(new TaskStore(db, files));
    const pages = track(new TaskPages(db));
    const spends = track(new SpendLog(db, 'this-process'));
    const payments = track(new TaskPayments(db, spends));
    const balances = track(new Balances(db));
    const settings = track(new ConsoleSettings(db));
    const lease = track(new ProcessLease(db, () => T));
    const book = track(new JobBook(db));
    const log = track(new ReceivedLog(db));
    const nonces = track(new NonceStore(db));
    const upstream = {
      mode: 'sandbox',
      baseUrl: 'sandbox',
      request: (path: string) => Promise.resolve(Response.json(path.endsWith('/estimate') ? { creditsRequired: 5 } : { id: 'job-9', status: 'running' })),
    };
    const upstreams = { current: () => upstream } as unknown as Upstreams;
    const spend = new SpendLifecycle({ spends, lookUp: () => undefined, now: () => T });
    const scheduler = track(new Scheduler({ db, book, upstreams, hub, spends, spend, now: () => T }));
    const agentnet = postgres<AgentnetDatabase>();
    const hooks = track(new AgentnetStore(agentnet.db, new Map()));
    const auth = postgres<ThrottleDatabase>();
    const throttle = track(new Throttle(auth.db, () => T));
    const task = { id: 't1', createPath: '/openapi/v2/text-to-3d', mode: 'sandbox', baseUrl: 'sandbox', parentId: null, request: { mode: 'preview' }, record: { id: 't1' }, at: T } as const;
    const delivery = { hookId: 'h1', receivedAt: T, verified: false, refusal: 'no signature', signatureHeader: null, event: 'task.created', webhookId: null, taskId: null, subnetId: null, orgId: null, data: null, body: '{}' };
    const view = () => ({}) as never;
    const job = { ...anyRow, mode: 'sandbox', status: 'running' } as never;

    for (const rows of ['none', 'one'] as const) {
      driver.rows = agentnet.driver.rows = auth.driver.rows = rows;
      const calls: Array<() => Promise<unknown>> = [
        () => tasks.insert(task),
        () => tasks.get('t1'),
        () => tasks.bySpend(1),
        () => tasks.unfinished(),
        () => tasks.updateRecord('t1', { id: 't1', status: 'SUCCEEDED' }, 'SUCCEEDED', T),
        () => tasks.setWatch('t1', 'an error', T),
        () => files.addOutputs({ id: 't1', record: JSON.stringify({ type: 'text-to-3d-preview', model_urls: { glb: 'https://assets.meshy.ai/m.glb' } }), request: '{}', create_path: '/openapi/v2/text-to-3d' }),
        () => files.settleLegacy(),
        () => files.refreshArchived('t1'),
        () => files.list('t1'),
        () => files.get('t1', 'model_urls.glb'),
        () => files.setFile('t1', 'model_urls.glb', '/f', 'model/gltf-binary', 1, T),
        () => files.setState('t1', 'model_urls.glb', 'retrying', 'a reason', T, 2),
        () => files.dueRetries(T),
        () => files.archivedBefore(T),
        () => files.usage(),
        () => pages.page({ service: 'gen3d', status: 'SUCCEEDED,FAILED', type: 'text-to-3d-preview', limit: 10 }, view),
        () => pages.page({ status: 'FAILED', q: 'ch' }, view),
        () => pages.page({ q: 'chair', cursor: Buffer.from(JSON.stringify([T, 't9'])).toString('base64url') }, view),
        () => pages.changes('gen3d', T, 10, view),
        () => pages.lineage('t1', view),
        () => pages.summary('gen3d'),
        () => settings.get('archive.retentionDays'),
        () => settings.save('archive.retentionDays', '7', T),
        () => balances.record('gen3d', 'sandbox', 5, T),
        () => balances.history('gen3d', 'sandbox'),
        () => lease.start().then(() => lease['renew']()),
        () => lease.isGone('another'),
        () => lease.stop(),
        () => spends.atomically(() => spends.get(1)),
        () => spends.limits(),
        () => spends.setLimit('gen3d', 'credits', { daily: 100 }, T),
        () => spends.reserve({ op, mode: 'sandbox', baseUrl: 'sandbox', path: op.path, body: {}, price: { min: 5, max: 5 }, unit: 'credits', at: T, refuse: () => Promise.resolve(null) }),
        () => spends.sent(1, 'ref', T, 3),
        () => spends.sent(1, null, T),
        () => spends.refused(1, 'refused', T),
        () => spends.unanswered(1, 'no answer', T),
        () => spends.recovered(1, 'ref', T, 2),
        () => spends.unconfirmed(1, 'no trace', T),
        () => spends.settle('gen3d', 'ref', 3, T),
        () => spends.hasRef('gen3d', 'ref'),
        () => spends.sending(),
        () => spends.daily('gen3d', 'sandbox', 'credits', 30, T),
        () => spends.totals('gen3d', 'sandbox', 'credits', T),
        () => spends.list({ service: 'gen3d', status: 'sent', cursor: Buffer.from(JSON.stringify([T, 5])).toString('base64url'), limit: 10 }),
        () => backfillSpends(db),
        () => payments.record({ mode: 'sandbox', baseUrl: 'sandbox' }, { metadata: { pool_task_id: 'pool-1' }, amount: 5 }, { task_id: 'p1', from_agent: 'a', to_agent: 'b', amount: 5, currency: 'USD', status: 'completed' }, 1, T),
        () => payments.refusal({ mode: 'sandbox', baseUrl: 'sandbox' }, { metadata: { pool_task_id: 'pool-1' } }),
        () => payments.recovered({ ...anyRow, service: 'agentnet', body: JSON.stringify({ metadata: { pool_task_id: 'pool-1' } }) } as never, 'p2'),
        () => ConnectionSettings.open(db, () => false).then((c) => c.set('gen3d', 'live', 'https://api.meshy.ai', T)),
        () => book.add({ id: 'j1', mode: 'sandbox', baseUrl: 'sandbox', request: { toolType: 'follower_explorer', targetUsername: 'ada' }, status: 'running', at: T, scheduleId: null }),
        () => book.get('sandbox', 'j1'),
        () => book.raw('sandbox', 'j1'),
        () => book.unfinished(),
        () => book.list('sandbox'),
        () => book.setStatus(job, 'completed', T),
        () => book.see(job, ['r1', 'r2']),
        () => book.finish(job, 2, 1),
        () => book.firstSeenIn(job, ['r1']),
        () => scheduler.create({ toolType: 'follower_explorer', targetUsername: 'ada' }, 6),
        () => scheduler.list(),
        () => scheduler.update('sch_1', { everyHours: 12, active: false }),
        () => scheduler.remove('sch_1'),
        () => scheduler.tick(),
        () => log.add({ hookId: 'h1', webhookId: null, receivedAt: T, verdict: 'refused', reason: 'no signature', eventType: null, eventId: null, deliveryId: null, body: {} }),
        () => log.list({ before: 5, limit: 10, verdict: 'verified' }),
        () => nonces.take('n1', T + 300_000, T),
        () => hooks.addHook({ hook_id: 'h1', label: 'l', secret: 's', created_at: T }),
        () => hooks.hooks(),
        () => hooks.hook('h1'),
        () => hooks.removeHook('h1'),
        () => hooks.logAnswered({ ...delivery, verified: true, refusal: null }, 'sha'),
        () => hooks.logDelivery(delivery),
        () => hooks.deliveryCount('h1'),
        () => hooks.deliveries({ event: 'task.*', hookId: 'h1', before: 9, limit: 10 }),
        () => hooks.deliveries({ event: 'task.created', limit: 10 }),
        () => hooks.setSetting('outbound.allow_private', '1'),
        () => throttle.attempt(tryKeys('203.0.113.7', 'ops@example.com')),
        () => throttle.passed(tryKeys('203.0.113.7', 'ops@example.com'), { rows: [1, 2] }),
        () => throttle.forget('account ops@example.com'),
      ];
      for (const call of calls) await run(call);
    }
    // Not run here: SQLite's query plans (TaskPages.plan, store/sqlite.ts), the timers around the queries.
    const notQueries = new Set(['TaskPages.plan', 'Scheduler.start', 'Scheduler.stop', 'AgentnetStore.setting', 'AgentnetStore.close']);
    const stores = [TaskStore, TaskFiles, TaskPages, ConsoleSettings, Balances, ProcessLease, SpendLog, TaskPayments, JobBook, Scheduler, ReceivedLog, NonceStore, AgentnetStore, Throttle];
    expect(methodsOf(...stores).filter((m) => !called.has(m) && !notQueries.has(m))).toEqual([]);
    const sqls = [...driver.queries, ...agentnet.driver.queries, ...auth.driver.queries].map((q) => q.sql);
    expect(new Set(sqls).size).toBeGreaterThan(100);
    for (const s of sqls) for (const token of SQLITE_ONLY) expect(s, `${token} in: ${s}`).not.toMatch(token);
  });
});
