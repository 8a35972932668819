import { streamSSE } from 'hono/streaming';
import { randomUUID } from 'node:crypto';
import { isTerminal, type gen3dOps } from '../../../contracts/gen3d';
import type { Handlers } from '../../shared/register';
import { message } from '../dialect';
import { QUEUE_LIMIT } from '../engine/engine';
import type { TaskRow } from '../store/store';
import type { Gen3dContext, Gen3dDeps, Gen3dEnv } from './context';
import { failureMessages, toRecord } from './record';

const previewCost = (model: string | undefined) => (model === 'model-5' ? 5 : 20);
/** Task types listed on each create path (the list route answers only its own path's tasks). */
const textTo3dTypes = 'text-to-3d-%';

/** The text-to-3D task path: create (preview and refine), list, read, delete, stream. */
export function textTo3dHandlers({ store, engine, clock, faults, speed }: Gen3dDeps): Handlers<typeof gen3dOps, Gen3dEnv> {
  const recordOf = (c: Gen3dContext, row: TaskRow) =>
    toRecord(row, { origin: new URL(c.req.url).origin, progress: engine.progress(row, clock.now()), precedingTasks: engine.precedingTasks(row) });

  return {
    balance: (c) => c.json({ balance: store.balance(c.get('account'), clock.now()) }),

    'textTo3d.create': (c, { body: req }) => {
      const account = c.get('account');
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
        if (req.ai_model && family(req.ai_model) !== previewFamily) return c.json(message(`ai_model must be the preview's family (${previewFamily}).`), 400);
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
      if (!created) return c.json(message(`Insufficient credits: this task costs ${cost} credits and the balance is ${store.balance(account, clock.now())}.`), 402);
      engine.advance();
      return c.json({ result: id }, 202);
    },

    'textTo3d.list': (c, { query }) => {
      const page = query.page_num ?? 1;
      const size = query.page_size ?? 10;
      const rows = store.list(c.get('account'), textTo3dTypes, (page - 1) * size, size, (query.sort_by ?? '-created_at') === '-created_at');
      return c.json(rows.map((r) => recordOf(c, r)));
    },

    'textTo3d.get': (c, { params }) => {
      const row = store.get(c.get('account'), params.id);
      return row ? c.json(recordOf(c, row)) : c.json(message('Task not found.'), 404);
    },

    'textTo3d.delete': (c, { params }) => {
      const row = store.get(c.get('account'), params.id);
      if (!row) return c.json(message('Task not found.'), 404);
      if (row.status === 'IN_PROGRESS') return c.json(message('A task in progress cannot be deleted.'), 400);
      store.remove(row);
      return c.body(null, 200);
    },

    'textTo3d.stream': (c, { params }) => {
      const account = c.get('account');
      const id = params.id;
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
          const json = JSON.stringify(recordOf(c, row));
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
