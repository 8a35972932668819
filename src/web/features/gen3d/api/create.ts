import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextTo3dPreviewRequest, TextTo3dRefineRequest } from '../../../../contracts/gen3d/requests';
import type { Operation } from '../../../../contracts/routes';
import { afterTaskWrite, taskWriteRefreshes, taskWrites } from './mutations';

/**
 * Creates a task with `op`, the create operation of its type (text to 3D when left out), through
 * the route table (task-writes.ts); answers the new task's id, then puts it into the lists held
 * (`afterTaskWrite`) and reads the balance and counts again (`taskWriteRefreshes`). Never retried
 * automatically: one click, one request.
 */
export function useCreateTask<B = unknown>(op?: Operation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => taskWrites().then((w) => w.createTask(op, body)),
    retry: false,
    meta: taskWriteRefreshes,
    onSuccess: (id) => afterTaskWrite(qc, id),
  });
}

/** A text-to-3D preview or refine (the queue's form, a retry, a refine). */
export const useCreateTextTo3d = () => useCreateTask<TextTo3dPreviewRequest | TextTo3dRefineRequest>();
