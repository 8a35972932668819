import { Link } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { failureAdvice, type TextTo3dPreviewRequest, type TextTo3dRefineRequest } from '../../../../contracts/gen3d';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { useCreateTextTo3d } from '../api/mutations';
import { promptOf, textTo3dCost } from '../task-view';

/**
 * A FAILED task: the service's message and what it means. Retry queues the same request once
 * (its price on the button, then a link to the new task); a preview can be edited first.
 */
export function TaskFailure({ task }: { task: LedgerTask }) {
  const retry = useCreateTextTo3d();
  const message = task.task.task_error?.message ?? 'The task failed.';
  const canRetry = task.createPath.endsWith('/text-to-3d');
  const prompt = promptOf(task);
  const isPreview = task.request.mode === 'preview';
  const cost = textTo3dCost(task.request);
  return (
    <Alert
      tone="danger"
      title={`The task failed: ${message}`}
      action={
        canRetry ? (
          <div className="flex shrink-0 items-center gap-2">
            {isPreview && prompt ? (
              <Link to="/3d" search={{ prompt }} className="text-sm font-medium text-accent underline">
                Edit the prompt
              </Link>
            ) : null}
            {retry.isSuccess ? (
              <Link to="/3d/tasks/$taskId" params={{ taskId: retry.data }} className="text-sm font-medium text-accent underline">
                Open the new task
              </Link>
            ) : (
              <Button
                size="sm"
                disabled={retry.isPending}
                onClick={() => retry.mutate(task.request as TextTo3dPreviewRequest | TextTo3dRefineRequest)}
                aria-label={`Retry task ${task.id} as a new task for ${cost} credits`}
              >
                {retry.isPending ? 'Queuing…' : `Retry · ${cost} credits`}
              </Button>
            )}
          </div>
        ) : null
      }
    >
      {failureAdvice(message)}
      {retry.isError ? <span className="block text-danger">{errorMessage(retry.error)}</span> : null}
    </Alert>
  );
}
