import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { randomUUID } from 'node:crypto';
import { TextTo3dRequest, isTerminal, textTo3dPath, gen3dRoutes } from '../../contracts/gen3d';
import { matchRoute } from '../../contracts/routes';
import type { SandboxClock } from '../clock';
import type { FaultBox } from '../faults';
import { type Gen3dEngine, QUEUE_LIMIT } from './engine';
import { contentTypes, type FileMaker } from './files';
import { toRecord, failureMessages, expiresAt } from './record';
import type { Gen3dStore, TaskRow } from './store';
import { RateLimiter } from '../rate-limit';

export const GEN3D_ROOT = '/sandbox/gen3d';

type Env = { Variables: { account: string } };
type Deps = { store: Gen3dStore; engine: Gen3dEngine; files: FileMaker; clock: SandboxClock; faults: FaultBox; speed: number };

const previewCost = (model: string | undefined) => (model === 'model-5' ? 5 : 20);
const message = (text: string) => ({ message: text });

/** The 3D service's imitation: the document's paths, auth, answers and errors. */
export function createGen3dSandbox({ store, engine, files, clock, faults, speed }: Deps) {
  const app = new Hono<Env>();
  const limiter = new RateLimiter(20, 1000);
  const origin = (url: string) => new URL(url).origin;
  const recordOf = (row: TaskRow, url: string) =>
    toRecord(row, { origin: origin(url), progress: engine.progress(row, clock.now()), precedingTasks: engine.precedingTasks(row) });

  app.use('*', faults.middleware(GEN3D_ROOT, (status) => message(status === 429 ? 'RateLimitExceeded' : 'Internal server error.')));

  // Files are served without a key, as signed URLs are; they stop working when they expire.
  app.get('/files/:id/:name', (c) => {
    const row = store.get(store.ownerOf(c.req.param('id')) ?? '', c.req.param('id'));
    const expires = row ? expiresAt(row) : 0;
    if (!row || row.status !== 'SUCCEEDED' || clock.now() > expires) return c.json(message('Request has expired or the file does not exist.'), 403);
    const bytes = files.read(row.id, c.req.param('name'));
    if (!bytes) return c.json(message('File not found.'), 404);
    const ext = c.req.param('name').split('.').pop() ?? '';
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': contentTypes[ext] ?? 'application/octet-stream', 'Content-Length': String(bytes.length) });
  });

  app.use('*', async (c, next) => {
    const auth = c.req.header('authorization') ?? '';
    const key = /^Bearer (msy_[A-Za-z0-9_-]{4,})$/.exec(auth)?.[1];
    if (!key) return c.json(message('Invalid API key.'), 401);
    if (!limiter.take(key)) return c.json(message('RateLimitExceeded'), 429, { 'Retry-After': '1' });
    c.set('account', key);
    engine.advance();
    await next();
  });

  app.get('/openapi/v1/balance', (c) => c.json({ balance: store.balance(c.get('account'), clock.now()) }));

  app.post(textTo3dPath, async (c) => {
    const account = c.get('account');
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = TextTo3dRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.');
      return c.json(message(body === undefined ? 'Request body must be JSON.' : `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid parameter'}`), 400);
    }
    const req = parsed.data;
    let cost: number;
    let type: TaskRow['type'];
    let prompt: string;
    if (req.mode === 'refine') {
      const preview = store.get(account, req.preview_task_id);
      if (!preview || preview.type !== 'text-to-3d-preview') return c.json(message('preview_task_id does not name a text-to-3d preview task.'), 400);
      if (preview.status !== 'SUCCEEDED') return c.json(message('The preview task has not succeeded; refine needs a SUCCEEDED preview.'), 400);
      const previewRequest = JSON.parse(preview.request) as { ai_model?: string; prompt: string };
      const family = (m: string) => (m === 'latest' ? 'model-6' : m);
      const previewFamily = family(previewRequest.ai_model ?? 'latest');
      if (req.ai_model && family(req.ai_model) !== previewFamily) {
        return c.json(message(`ai_model must be the preview's family (${previewFamily}).`), 400);
      }
      type = 'text-to-3d-refine';
      cost = 10;
      prompt = previewRequest.prompt;
    } else {
      type = 'text-to-3d-preview';
      cost = previewCost(req.ai_model);
      prompt = req.prompt;
    }
    if (store.openCount(account) >= QUEUE_LIMIT) return c.json(message('NoMoreConcurrentTasks'), 429, { 'Retry-After': String(Math.ceil(10 / speed)) });
    const failure = faults.takeTaskFailure();
    const id = randomUUID();
    const created = store.createTask({
      id,
      account,
      type,
      // A refine record echoes its preview's prompt, as the live service's do.
      request: JSON.stringify(req.mode === 'refine' ? { ...req, prompt } : req),
      status: 'PENDING',
      cost,
      duration: engine.duration(type, prompt),
      created_at: clock.now(),
      fail_message: failure ? failureMessages[failure] : null,
    });
    if (!created) {
      return c.json(message(`Insufficient credits: this task costs ${cost} credits and the balance is ${store.balance(account, clock.now())}.`), 402);
    }
    engine.advance();
    return c.json({ result: id }, 202);
  });

  app.get(textTo3dPath, (c) => {
    const page = Math.max(1, Number(c.req.query('page_num') ?? 1) || 1);
    const size = Number(c.req.query('page_size') ?? 10);
    if (!Number.isInteger(size) || size < 1 || size > 50) return c.json(message('page_size must be 1 to 50.'), 400);
    const newest = (c.req.query('sort_by') ?? '-created_at') === '-created_at';
    const rows = store.list(c.get('account'), 'text-to-3d-%', (page - 1) * size, size, newest);
    return c.json(rows.map((r) => recordOf(r, c.req.url)));
  });

  app.get(`${textTo3dPath}/:id`, (c) => {
    const row = store.get(c.get('account'), c.req.param('id'));
    return row ? c.json(recordOf(row, c.req.url)) : c.json(message('Task not found.'), 404);
  });

  app.delete(`${textTo3dPath}/:id`, (c) => {
    const row = store.get(c.get('account'), c.req.param('id'));
    if (!row) return c.json(message('Task not found.'), 404);
    if (row.status === 'IN_PROGRESS') return c.json(message('A task in progress cannot be deleted.'), 400);
    store.remove(row);
    return c.body(null, 200);
  });

  app.get(`${textTo3dPath}/:id/stream`, (c) => {
    const account = c.get('account');
    const id = c.req.param('id');
    if (!store.get(account, id)) return c.json(message('Task not found.'), 404);
    return streamSSE(c, async (stream) => {
      let last = '';
      let lastSent = 0;
      let lastPing = Date.now();
      const keepAlive = 10_000 / speed;
      while (!stream.aborted) {
        engine.advance();
        const row = store.get(account, id);
        if (!row) {
          await stream.writeSSE({ event: 'error', data: JSON.stringify({ message: 'Task not found.', status_code: 404 }) });
          return;
        }
        const json = JSON.stringify(recordOf(row, c.req.url));
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
  });

  // The document's other operations: real paths, but not imitated yet.
  app.all('*', (c) => {
    const path = c.req.path.slice(GEN3D_ROOT.length);
    if (matchRoute(gen3dRoutes, c.req.method, path)) {
      return c.json(message('The sandbox does not imitate this operation yet. Connect a live key to use it.'), 501);
    }
    return c.json(message('Not found.'), 404);
  });

  return app;
}
