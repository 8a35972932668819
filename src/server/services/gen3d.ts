import { gen3dOps, gen3dRoutes, taskTypeOf } from '../../contracts/gen3d';
import { rewriteOutputs } from '../archive/assets';
import type { Exchange, ServiceAdapter } from '../proxy/adapter';
import { toLive } from '../proxy/dialect';
import type { TaskStore } from '../store/tasks';
import { balancePaths, type BalanceTracker } from '../watch/balance';
import type { WatchManager } from '../watch/manager';
import { signedMediaBytes, type MediaSigner } from './media';

/** The create path of a task route (`/openapi/v2/text-to-3d/:id/stream` → `/openapi/v2/text-to-3d`). */
const createPathOf = (x: Exchange) => x.route.path.replace(/\/:id(\/stream)?$/, '').replace(':product', x.params.product ?? '');

/**
 * The 3D service in the proxy: every created task goes into the ledger and gets a watcher, task
 * reads refresh the ledger, file URLs become same-origin, balances are recorded. The animation
 * library's previews become signed media URLs of the BFF: the browser never loads the service's host.
 */
export function gen3dAdapter(deps: { tasks: TaskStore; watch: WatchManager; balance: BalanceTracker; now: () => number; signer: MediaSigner }): ServiceAdapter {
  const { tasks, watch, balance, now, signer } = deps;
  return {
    routes: gen3dRoutes,
    toLive: (body) => toLive('gen3d', body),
    // Records, lists and creates feed the ledger and carry file URLs to rewrite; deletes update it.
    answerMode: (op) => (['create', 'task', 'list', 'delete'].includes(op.kind) || op.id === 'balance' ? 'json' : op.id === gen3dOps.animationLibrary.id ? 'text' : 'pass'),
    answerText: (text) => signedMediaBytes(text, signer, 'gen3d'),
    spendRef: (json) => {
      const id = (json as { result?: unknown } | null)?.result;
      return typeof id === 'string' ? id : null;
    },
    async answer(json, x) {
      const id = x.params.id;
      if (x.route.kind === 'create') {
        const taskId = (json as { result?: unknown } | null)?.result;
        if (typeof taskId === 'string' && x.body) {
          const body = x.body;
          const createPath = x.route.path.replace(':product', x.params.product ?? '');
          const type = taskTypeOf(createPath, body) ?? 'task';
          const parentId = [body.preview_task_id, body.input_task_id, body.rig_task_id].find((v): v is string => typeof v === 'string') ?? null;
          await tasks.insert({
            id: taskId,
            createPath,
            mode: x.mode,
            baseUrl: x.baseUrl,
            parentId,
            request: body,
            record: { ...body, id: taskId, type, status: 'PENDING', progress: 0, created_at: now() },
            at: now(),
            spendId: x.spendId,
          });
          watch.ensure(taskId);
          await watch.publish(taskId);
          void balance.refresh('gen3d');
        }
        return json;
      }
      if (x.route.kind === 'task' && id) {
        if (await tasks.get(id)) await watch.apply(id, json);
        return rewriteOutputs(json, id, createPathOf(x));
      }
      if (x.route.kind === 'list' && Array.isArray(json)) {
        return json.map((r: unknown) => rewriteOutputs(r, String((r as { id?: unknown } | null)?.id ?? ''), createPathOf(x)));
      }
      if (x.route.path === balancePaths.gen3d) await balance.seen('gen3d', x.mode, json);
      return json;
    },
    streamRecord: (json, x) => rewriteOutputs(json, x.params.id ?? '', createPathOf(x)),
    async deleted(x) {
      const id = x.params.id;
      const row = id ? await tasks.get(id) : undefined;
      if (x.route.kind !== 'delete' || !id || !row) return;
      // The queue keeps every task created here: a task deleted before it ran stays, CANCELED and
      // refunded (docs/live-services.md#3d-generation--deleting-a-task); a finished one keeps its record and its archived files.
      if (row.status === 'PENDING' || row.status === 'IN_PROGRESS') {
        await watch.apply(id, { ...(JSON.parse(row.record) as Record<string, unknown>), status: 'CANCELED', consumed_credits: 0 });
      }
      void balance.refresh('gen3d');
    },
  };
}
