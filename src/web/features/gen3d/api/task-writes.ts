import type { LedgerTask } from '../../../../contracts/bff';
import { CreateResult, gen3dOps, gen3dRoutes } from '../../../../contracts/gen3d/routes';
import type { Operation } from '../../../../contracts/routes';
import { ApiRequestError } from '../../../lib/api';
import { callOperation } from '../../../lib/operation';

/*
 * Every 3D task write of the console, through the route table with `callOperation` (the body is
 * checked with the operation's schema before it leaves): a create of any task type and a delete.
 * Loaded with the first write (create.ts, mutations.ts), so the table's request schemas stay off
 * the first page.
 */

/** Queues a task with the create operation of its type (text to 3D when none is given); answers the new task's id. */
export function createTask(op: Operation | undefined, body: unknown): Promise<string> {
  return callOperation(op ?? gen3dOps['textTo3d.create'], { body }).then((answer) => CreateResult.parse(answer).result);
}

/** Deletes a task upstream with the delete operation of the create path it was made on (the ledger keeps it). */
export function deleteTask(task: Pick<LedgerTask, 'id' | 'createPath'>): Promise<unknown> {
  const op = gen3dRoutes.find((o) => o.kind === 'delete' && o.path === `${task.createPath}/:id`);
  if (!op) {
    const message = `The console knows no delete for tasks made on ${task.createPath}, so nothing was sent.`;
    return Promise.reject(new ApiRequestError({ status: 400, code: 'unknown_path', message, retryAfter: null, field: null }));
  }
  return callOperation(op, { params: { id: task.id } });
}
