import { streamSSE } from 'hono/streaming';
import { isTerminal, operationOf, pathOf, type Gen3dOperation, type Gen3dTaskType, type Product } from '../../../contracts/gen3d';
import { priceOf } from '../../../contracts/routes';
import { message } from '../dialect';
import { QUEUE_LIMIT } from '../engine/engine';
import type { Job } from '../engine/jobs/types';
import type { TaskRow } from '../store/store';
import { baseOf, type Gen3dContext, type Gen3dDeps } from './context';
import type { InputSaver } from './inputs';
import { failureMessages, toRecord } from './record';

/** The Meshy CLI parses `texture_urls` only as an array; everyone else gets the live shape. */
const isCli = (c: Gen3dContext) => /^meshy-cli\//.test(c.req.header('user-agent') ?? '');

export function recordOf(deps: Gen3dDeps, c: Gen3dContext, row: TaskRow) {
  return toRecord(row, {
    base: baseOf(c, deps),
    progress: deps.engine.progress(row, deps.clock.now()),
    precedingTasks: deps.engine.precedingTasks(row),
    textureArray: isCli(c),
  });
}

export const notFound = (c: Gen3dContext, what = 'Task') => c.json(message(`${what} not found.`), 404);

/** A task to create: the operation that makes it (a creative-lab one for `product`), the request its record echoes (its price read from it), the job. */
export type Creation = { id: string; op: Gen3dTaskType; product?: Product; request: Record<string, unknown>; job: Job; inputs?: InputSaver };

/** What a create charges: the operation's price; inside a range, its `charge`, else the upper end (what the spend guard counted). */
export function chargeOf(op: Gen3dOperation, request: Readonly<Record<string, unknown>>): number {
  const price = priceOf(op.spend, request);
  if (!price) return 0;
  return price.min === price.max ? price.max : (op.charge?.(request) ?? price.max);
}

/**
 * Creates a task once its checks passed: the account's queue (429 NoMoreConcurrentTasks when 10
 * are unfinished), an injected failure, the charge (402 when the balance is short), then 202 with
 * the id in `result`.
 */
export function createTask(deps: Gen3dDeps, c: Gen3dContext, t: Creation): Response {
  const { store, engine, clock, faults, speed } = deps;
  const account = c.get('account');
  const op = operationOf(t.op);
  const cost = chargeOf(op, t.request);
  // A creative-lab record names its product (`creative-lab-lamp-prototype`), as the MCP server reads them.
  const type = t.product ? t.op.replace('creative-lab-', `creative-lab-${t.product}-`) : t.op;
  if (store.openCount(account) >= QUEUE_LIMIT) {
    t.inputs?.discard();
    return c.json({ message: 'NoMoreConcurrentTasks', code: 'TooManyPendingTasks' }, 429, { 'Retry-After': String(Math.max(1, Math.ceil(10 / speed))) });
  }
  const failure = faults.takeTaskFailure();
  const created = store.createTask({
    id: t.id,
    account,
    type,
    path: pathOf(op, t.product),
    request: JSON.stringify(t.request),
    job: JSON.stringify(t.job),
    status: 'PENDING',
    cost,
    duration: engine.duration(op, JSON.stringify(t.request).slice(0, 2000)),
    created_at: clock.now(),
    fail_message: failure ? failureMessages[failure] : null,
  });
  if (!created) {
    t.inputs?.discard();
    return c.json({ message: `Insufficient credits: this task costs ${cost} credits and the balance is ${store.balance(account, clock.now())}.`, code: 'InsufficientCredits' }, 402);
  }
  engine.advance();
  return c.json({ result: t.id }, 202);
}

type ListQuery = { page_num?: number | undefined; page_size?: number | undefined; sort_by?: string | undefined; status?: string | undefined };

/** List, read, delete and stream for one create path. `anyPath`: the delete route that takes any task (the CLI's `meshy delete`). */
export function taskRoutes(deps: Gen3dDeps, path: string, opts: { anyPathDelete?: boolean } = {}) {
  const { store, engine, speed } = deps;
  return {
    list: (c: Gen3dContext, { query }: { query: ListQuery }) => {
      const page = query.page_num ?? 1;
      const size = query.page_size ?? 10;
      const rows = store.list(c.get('account'), path, (page - 1) * size, size, (query.sort_by ?? '-created_at') === '-created_at', query.status);
      return c.json(rows.map((r) => recordOf(deps, c, r)));
    },
    get: (c: Gen3dContext, { params }: { params: { id: string } }) => {
      const row = store.get(c.get('account'), params.id, path);
      return row ? c.json(recordOf(deps, c, row)) : notFound(c);
    },
    delete: (c: Gen3dContext, { params }: { params: { id: string } }) => {
      const row = store.get(c.get('account'), params.id, opts.anyPathDelete ? undefined : path);
      if (!row) return notFound(c);
      if (row.status === 'IN_PROGRESS') return c.json(message('A task in progress cannot be deleted.'), 400);
      store.remove(row);
      return c.body(null, 200);
    },
    stream: (c: Gen3dContext, { params }: { params: { id: string } }) => {
      const account = c.get('account');
      const id = params.id;
      if (!store.get(account, id, path)) return notFound(c);
      return streamSSE(c, async (stream) => {
        let last = '';
        let lastSent = 0;
        let lastPing = Date.now();
        const keepAlive = 10_000 / speed;
        while (!stream.aborted) {
          engine.advance();
          const row = store.get(account, id, path);
          if (!row) {
            await stream.writeSSE({ event: 'error', data: JSON.stringify({ message: 'Task not found.', status_code: 404 }) });
            return;
          }
          const json = JSON.stringify(recordOf(deps, c, row));
          if (json !== last || Date.now() - lastSent >= keepAlive) {
            await stream.writeSSE({ event: 'message', data: json });
            last = json;
            lastSent = Date.now();
          } else if (Date.now() - lastPing >= 5000) {
            await stream.write(': ping\n\n');
            lastPing = Date.now();
          }
          if (isTerminal(row.status)) return;
          await stream.sleep(Math.max(50, Math.min(1000, 1000 / speed)));
        }
      });
    },
  };
}
