import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentnetRoutes } from '../contracts/agentnet';
import { gen3dRoutes } from '../contracts/gen3d';
import type { Operation } from '../contracts/routes';
import { socialRoutes } from '../contracts/social';
import { makeKit, previewBody, type Kit } from './testing/kit';

/**
 * Malformed requests across every route group of the BFF and the sandbox, from a seeded generator
 * (the same 6,000 requests on every run; a failure names its seed and request). None may answer
 * 5xx, hang, or show a stack trace.
 */
const SEED = 0x7e1_7c4;
const COUNT = 6_000;
const TIME_LIMIT_MS = 15_000;
const FUZZ_KEY = 'msy_fuzz_key_000001';

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof random>;

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const weird = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '%2e%2e',
  '..',
  '%2F',
  '%25',
  '%ff%fe',
  '%uD800',
  'a'.repeat(5000),
  '😀',
  '\u0000',
  '%s%s%s%n',
  '{}',
  '[]',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  "'; DROP TABLE tasks; --",
  '<script>',
  '../../etc/passwd',
  'http://127.0.0.1:8787/api/connections',
];
const segment = (r: Rng) => (r.chance(0.5) ? r.pick(weird) : encodeURIComponent(r.pick(weird)));

function fillParams(path: string, r: Rng) {
  return path.replace(/:([A-Za-z_]+)/g, () => (r.chance(0.3) ? 'task-123' : segment(r)));
}

function query(r: Rng) {
  const keys = ['limit', 'cursor', 'page_size', 'page_num', 'q', 'status', 'type', 'service', 'days', 'since', 'sort_by', 'download', 'offset', r.pick(weird)];
  const n = r.int(4);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`${r.chance(0.8) ? r.pick(keys) : segment(r)}=${segment(r)}`);
  if (r.chance(0.1)) parts.push('limit=1&limit=2');
  return parts.length ? `?${parts.join('&')}` : '';
}

function deep(n: number, r: Rng): string {
  return r.chance(0.5) ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
}

function body(r: Rng, op?: Operation): string | undefined {
  const kind = r.int(12);
  if (kind === 0) return undefined;
  if (kind === 1) return '{"mode":"preview","prompt":';
  if (kind === 2) return deep(r.pick([50, 2000, 20000]), r);
  if (kind === 3) return JSON.stringify({ mode: 'preview', prompt: 'x'.repeat(r.pick([601, 20_000, 300_000])) });
  if (kind === 4) return JSON.stringify(r.pick([null, 0, 'text', [], true, 1e308]));
  if (kind === 5) return '"\\ud800"';
  if (kind === 6) return JSON.stringify({ ...previewBody(), ai_model: r.pick(weird), target_formats: r.pick([['glb', 'glb'], 'glb', [1], []]) });
  if (kind === 7) return JSON.stringify({ daily: r.pick([-1, 'x', 1e12, null, {}]), perWrite: r.pick([0, -0, NaN, '5']), extra: 1 });
  if (kind === 8) return JSON.stringify({ mode: r.pick(['live', 'sandbox', 'x']), apiKey: r.pick(weird), baseUrl: r.pick(['http://0x7f000001', 'ftp://x', 'https://user:pw@x.test', 'https://[::1]', 'javascript:alert(1)', weird[0]]) });
  if (kind === 9) return '\u0000\u0001\u0002';
  if (kind === 10 && op?.body) return JSON.stringify({ [r.pick(weird)]: r.pick(weird), input_task_id: r.pick(weird), model_url: r.pick(weird), image_url: r.pick(weird) });
  return JSON.stringify({ [r.pick(weird)]: [r.pick(weird), { nested: r.pick(weird) }] });
}

function headers(r: Rng, sandbox: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (r.chance(0.6)) h['content-type'] = r.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '%%%', 'application/json; charset=utf-16']);
  if (r.chance(0.05)) h.origin = r.pick(['null', 'http://127.0.0.1', 'https://evil.example', '::::', 'http://[', '%%']);
  if (r.chance(0.1)) h['x-act-as'] = r.pick(weird).slice(0, 200).replace(/[^\x20-\x7e]/g, '');
  if (sandbox && r.chance(0.8)) h.authorization = r.chance(0.85) ? `Bearer ${FUZZ_KEY}` : r.pick(['Bearer ', 'Basic x', 'Bearer msy_', `Bearer ${'a'.repeat(4000)}`]);
  if (sandbox && r.chance(0.5)) h['x-api-key'] = r.chance(0.8) ? 'xq_fuzz_key_000001' : r.pick(['', 'x', 'xq_']);
  return h;
}

const tables: Array<[string, readonly Operation[]]> = [
  ['gen3d', gen3dRoutes],
  ['social', socialRoutes],
  ['agentnet', agentnetRoutes],
];

/** The BFF's own route groups, with their parameters as `:name`. */
const bffRoutes = [
  '/api/connections',
  '/api/connections/:service',
  '/api/connections/:service/key',
  '/api/ledger/tasks',
  '/api/ledger/changes',
  '/api/ledger/summary',
  '/api/ledger/tasks/:id/lineage',
  '/api/ledger/gen3d/tasks/:id',
  '/api/ledger/gen3d/tasks/:id/files',
  '/api/ledger/gen3d/archive',
  '/api/ledger/gen3d/import',
  '/api/ledger/gen3d/balance-history',
  '/api/spend/limits',
  '/api/spend/limits/:service',
  '/api/spend/daily',
  '/api/spend/totals',
  '/api/spend/writes',
  '/api/files/gen3d/:id/:key',
  '/api/media/:service/:mac/:url',
  '/api/events',
  '/api/identities/agentnet',
  '/api/identities/agentnet/:id',
  '/api/:service',
  '/api/nope/:x',
];

type Case = { group: string; method: string; path: string; body?: string; headers: Record<string, string> };

function cases(r: Rng): Case[] {
  const out: Case[] = [];
  for (let i = 0; i < COUNT; i++) {
    const where = r.int(10);
    let group: string;
    let path: string;
    let op: Operation | undefined;
    let sandbox = false;
    if (where < 4) {
      const [service, routes] = r.pick(tables);
      op = r.pick(routes);
      group = `/api/${service}`;
      path = `/api/${service}${fillParams(op.path, r)}`;
    } else if (where < 7) {
      const route = r.pick(bffRoutes);
      group = route.split('/').slice(0, 3).join('/');
      path = route.replace(/:service/g, () => (r.chance(0.5) ? r.pick(['gen3d', 'social', 'agentnet']) : segment(r))).replace(/:([a-z]+)/g, () => segment(r));
    } else {
      const [service, routes] = r.pick(tables);
      op = r.pick(routes);
      group = `/sandbox/${service}`;
      path = `/sandbox/${service}${fillParams(op.path, r)}`;
      sandbox = true;
    }
    if (r.chance(0.15)) path = path.replace(/\/[^/]*$/, `/${segment(r)}`);
    if (r.chance(0.05)) path = path.replace('/', '//');
    const method = op && r.chance(0.6) ? op.method : r.pick(methods);
    const b = method === 'GET' || method === 'HEAD' ? undefined : body(r, op);
    out.push({ group, method, path: path + query(r), ...(b !== undefined ? { body: b } : {}), headers: headers(r, sandbox) });
  }
  return out;
}

/** Parts of a stack trace or an internal error leaking into an answer. */
const LEAK = /\n\s+at [\w.<>]+ \(|\bat (async )?\S+ \(\/|\.ts:\d+:\d+|node_modules\/|TypeError:|ReferenceError:|RangeError:|SyntaxError: Unexpected|SqliteError|SQLITE_/;

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
  // No fuzzed request may start real work: the sandbox account of the fuzz key has no credits, and
  // the BFF's spend guard refuses every 3D create.
  await kit.control('/gen3d/balance', { key: FUZZ_KEY, balance: 0 });
  await kit.json('/api/spend/limits/gen3d', { method: 'PUT', json: { perWrite: 0, daily: 0 } });
});
afterAll(async () => {
  await kit.close();
});

async function send(c: Case): Promise<{ status: number; text: string }> {
  const res = await kit.req(c.path, { method: c.method, headers: c.headers, ...(c.body !== undefined ? { body: c.body } : {}) });
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    // A stream stays open: its first bytes are enough.
    const reader = res.body?.getReader();
    const first = reader ? await reader.read() : { value: undefined };
    await reader?.cancel();
    return { status: res.status, text: first.value ? new TextDecoder().decode(first.value) : '' };
  }
  return { status: res.status, text: await res.text() };
}

describe(`fuzz: ${COUNT.toLocaleString('en')} malformed requests (seed ${SEED})`, () => {
  it('never answer 5xx, never hang, never show a stack trace', { timeout: 900_000 }, async () => {
    const all = cases(random(SEED));
    const groups = new Set(all.map((c) => c.group));
    for (const g of ['/api/gen3d', '/api/social', '/api/agentnet', '/api/connections', '/api/ledger', '/api/spend', '/api/files', '/api/media', '/api/events', '/api/identities', '/sandbox/gen3d', '/sandbox/social', '/sandbox/agentnet']) {
      expect(groups, g).toContain(g);
    }
    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < all.length) {
        const i = next++;
        const c = all[i] as Case;
        const label = `#${i} ${c.method} ${c.path.slice(0, 160)} ${c.body?.slice(0, 80) ?? ''}`;
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), TIME_LIMIT_MS)));
        const got = await Promise.race([send(c).catch((err: unknown) => ({ status: -1, text: String(err) })), hang]);
        clearTimeout(timer);
        if (got === 'hang') {
          failures.push(`hang: ${label}`);
          continue;
        }
        byStatus.set(got.status, (byStatus.get(got.status) ?? 0) + 1);
        if (got.status >= 500 || got.status < 0) failures.push(`${got.status}: ${label} → ${got.text.slice(0, 200)}`);
        else if (LEAK.test(got.text)) failures.push(`stack trace: ${label} → ${got.text.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(failures.slice(0, 20)).toEqual([]);
    expect([...byStatus.values()].reduce((a, b) => a + b, 0)).toBe(COUNT);
  });
});
