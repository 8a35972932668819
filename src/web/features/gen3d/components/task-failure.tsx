import type { LedgerTask } from '../../../../contracts/bff';
import { failureAdvice } from '../../../../contracts/gen3d';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { useCreateTextTo3d } from '../api/mutations';
import type { TextTo3dPreviewRequest, TextTo3dRefineRequest } from '../../../../contracts/gen3d';

/** A FAILED task: the service's message, what it means, and a retry that queues the same request. */
export function TaskFailure({ task, compact = false }: { task: LedgerTask; compact?: boolean }) {
  const retry = useCreateTextTo3d();
  const message = task.task.task_error?.message ?? 'The task failed.';
  const canRetry = task.createPath.endsWith('/text-to-3d');
  return (
    <Alert
      tone="danger"
      title={compact ? message : `The task failed: ${message}`}
      action={
        canRetry ? (
          <Button
            size="sm"
            disabled={retry.isPending}
            onClick={() => retry.mutate(task.request as TextTo3dPreviewRequest | TextTo3dRefineRequest)}
            aria-label={`Retry task ${task.id}`}
          >
            {retry.isPending ? 'Queuing…' : 'Retry'}
          </Button>
        ) : null
      }
    >
      {failureAdvice(message)}
      {retry.isError ? <span className="block text-danger">{errorMessage(retry.error)}</span> : null}
      {retry.isSuccess ? <span className="block">Queued again as a new task.</span> : null}
    </Alert>
  );
}
