import type { LedgerTask } from '../../../contracts/bff';
import { loadable } from '../../../contracts/gen3d/viewable-model';

/** The model a print analysis looked at: its own `model_url` when the browser can load it, else the input task's. */
export function analyzedSource(task: LedgerTask): { url: string } | { inputTaskId: string } | null {
  const modelUrl = task.request.model_url;
  if (typeof modelUrl === 'string' && loadable(modelUrl)) return { url: modelUrl };
  const input = task.request.input_task_id ?? task.parentId;
  return typeof input === 'string' && input ? { inputTaskId: input } : null;
}
