import { Hono } from 'hono';
import { SandboxClock } from '../shared/clock';
import { FaultBox } from '../shared/faults';
import { openSqlite } from '../../node-lib/sqlite';
import { DEFAULT_SEED, getCorpus } from './engine/corpus';
import type { PostJson, UserJson } from './routes/records';
import { createSocialSandbox, SOCIAL_ROOT, socialMigrations } from '.';
import type { Deliver } from '../../node-lib/deliver';

/** Test helpers: one sandbox per test file, mounted as the lead mounts it, called without a port. */

let keys = 0;
/** Every call gets its own key unless one is given, so the read limit never gets in the way. */
export const freshKey = () => `xq_test_${process.pid}_${keys++}`;

export type Answer<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

export function makeSandbox(seed = DEFAULT_SEED, opts: { speed?: number; deliver?: Deliver } = {}) {
  const db = openSqlite(':memory:', ['CREATE TABLE sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);', ...socialMigrations]);
  const clock = new SandboxClock(db);
  const faults = new FaultBox();
  const social = createSocialSandbox({ clock, faults, seed, db, speed: opts.speed ?? 1, ...(opts.deliver ? { deliver: opts.deliver } : {}) });
  social.stop();
  const app = new Hono().route(SOCIAL_ROOT, social.app);
  const base = `http://127.0.0.1${SOCIAL_ROOT}`;
  async function call<T = Record<string, unknown>>(path: string, init: { key?: string | null; method?: string; headers?: Record<string, string>; json?: unknown; raw?: boolean } = {}): Promise<Answer<T>> {
    const headers = new Headers(init.headers);
    const key = init.key === undefined ? freshKey() : init.key;
    if (key !== null) headers.set('x-api-key', key);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const sent = init.json !== undefined ? JSON.stringify(init.json) : undefined;
    const res = await app.request(`${base}${path}`, { method: init.method ?? (sent ? 'POST' : 'GET'), headers, body: sent });
    const type = res.headers.get('content-type') ?? '';
    const body = (type.includes('json') && !init.raw ? await res.json() : await res.arrayBuffer()) as T;
    return { status: res.status, body, headers: res.headers };
  }
  return { app, clock, faults, call, base, social, db, corpus: () => getCorpus(seed) };
}

/** Bodies as the sandbox answers them: its own record types. */
export type { PostJson as PostBody, UserJson as UserBody } from './routes/records';
export type PostPageBody = { tweets: PostJson[]; has_next_page: boolean; next_cursor: string };
export type UserPageBody = { users: UserJson[]; has_next_page: boolean; next_cursor: string };

/** Follows next_cursor to the end; returns every item id and the pages seen. */
export async function walk(
  call: ReturnType<typeof makeSandbox>['call'],
  path: string,
  kind: 'tweets' | 'users' = 'tweets',
  maxPages = 2000,
): Promise<{ ids: string[]; pages: Array<{ count: number; hasNext: boolean }> }> {
  const ids: string[] = [];
  const pages: Array<{ count: number; hasNext: boolean }> = [];
  let cursor = '';
  for (let guard = 0; guard < maxPages; guard++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await call<Record<string, unknown>>(cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    const items = res.body[kind] as Array<{ id: string }>;
    const hasNext = res.body.has_next_page as boolean;
    ids.push(...items.map((i) => i.id));
    pages.push({ count: items.length, hasNext });
    if (!hasNext) return { ids, pages };
    cursor = res.body.next_cursor as string;
  }
  throw new Error('cursor walk did not end');
}

export const q = (s: string) => encodeURIComponent(s);
