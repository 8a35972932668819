import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { LedgerPage, LedgerTask } from '../../contracts/bff';
import { createApp, type App, type AppOptions } from '../app';

/** Origin the tests use for a "live" service: the same process's sandbox, reached over liveFetch. */
export const LIVE_ORIGIN = 'https://live.test';
export const LIVE_BASE = `${LIVE_ORIGIN}/sandbox/gen3d`;

export type Kit = {
  app: App;
  dir: string;
  /** Requests to the BFF, no port (`app.request`). */
  req: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  json: <T = unknown>(path: string, init?: RequestInit & { json?: unknown }) => Promise<{ status: number; body: T; text: string }>;
  control: (path: string, body?: unknown, method?: string) => Promise<Response>;
  /** Requests the live fetcher saw (headers included), for checks on what leaves the BFF. */
  liveRequests: Request[];
  /** Reads a 3D task from the ledger (with vi.waitFor: under Vitest only) until `until` holds; throws with its last state after `timeoutMs`. */
  waitFor: (id: string, until: (t: LedgerTask) => boolean, timeoutMs?: number) => Promise<LedgerTask>;
  /** Every task the ledger's pages hold for a query (`service=gen3d` unless given), newest first, following `nextCursor`. */
  ledgerTasks: (query?: string) => Promise<LedgerTask[]>;
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

/** A console with its own DATA_DIR and a fast sandbox, for tests against the real sandbox. */
export async function makeKit(
  opts: Partial<AppOptions> & {
    dir?: string;
    /** Changes what the "live" service answers (a hostile or broken upstream); the real sandbox answers first. */
    liveAnswer?: (req: Request, res: Response) => Response | Promise<Response>;
  } = {},
): Promise<Kit> {
  const { liveAnswer, ...appOpts } = opts;
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'triptych-test-'));
  const liveRequests: Request[] = [];
  let current: App;
  const build = () =>
    createApp({
      dataDir: dir,
      sandboxSpeed: 40,
      sandboxControl: true,
      // The "live" service is this same app reached under another name.
      allowedHosts: [new URL(LIVE_ORIGIN).host],
      liveFetch: async (req) => {
        liveRequests.push(req.clone());
        // The hostile upstream sees the request as sent, its body unread.
        const sent = liveAnswer ? req.clone() : req;
        const res = await current.app.fetch(req);
        return liveAnswer ? liveAnswer(sent, res) : res;
      },
      ...appOpts,
    });
  current = await build();
  const req = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return Promise.resolve(current.app.request(`http://127.0.0.1${path}`, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }));
  };
  const kit: Kit = {
    get app() {
      return current;
    },
    dir,
    req,
    async json<T>(path: string, init?: RequestInit & { json?: unknown }) {
      const res = await req(path, init);
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T, text };
    },
    control: (path, body, method = 'POST') => req(`/sandbox/__control${path}`, { method, json: body }),
    liveRequests,
    waitFor(id, until, timeoutMs = 20_000) {
      let last: LedgerTask | null = null;
      return vi.waitFor(
        async () => {
          const res = await req(`/api/ledger/gen3d/tasks/${id}`);
          if (res.ok) {
            last = LedgerTask.parse(await res.json());
            if (until(last)) return last;
          }
          throw new Error(`task ${id} did not reach the expected state; last: ${JSON.stringify(last?.task.status)} ${last?.task.progress}`);
        },
        { timeout: timeoutMs, interval: 50 },
      );
    },
    async ledgerTasks(query = 'service=gen3d') {
      const tasks: LedgerTask[] = [];
      for (let cursor: string | null = ''; cursor !== null; ) {
        const path = `/api/ledger/tasks?${query}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await req(path);
        if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
        const page = LedgerPage.parse(await res.json());
        tasks.push(...page.tasks);
        cursor = page.nextCursor;
      }
      return tasks;
    },
    async restart() {
      await current.close();
      current = await build();
    },
    async close() {
      await current.close();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
  return kit;
}

export const previewBody = (prompt = 'a red wooden chair', extra: Record<string, unknown> = {}) => ({ mode: 'preview', prompt, ai_model: 'latest', ...extra });
