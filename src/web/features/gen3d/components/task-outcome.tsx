import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import { failureAdvice } from '../../../../contracts/gen3d/records';
import type { TextTo3dPreviewRequest, TextTo3dRefineRequest } from '../../../../contracts/gen3d/requests';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format-extra';
import { useCreateTextTo3d } from '../api/create';
import { priceWords } from '../../../../contracts/routes';
import { chargeOf } from '../charge';
import { kindOfPath } from '../new-task/kinds';
import { isTextTo3d, promptOf, textTo3dCost } from '../task-view';
import { countOf } from '../../../lib/plural';

const tones = { danger: 'border-l-danger', warning: 'border-l-warning', neutral: 'border-l-border' } as const;

/** A finished task that shows no model: what happened, what it cost, what to do next. */
function OutcomePanel({ tone, title, happened, credits, next }: { tone: keyof typeof tones; title: string; happened: ReactNode; credits: ReactNode; next: ReactNode }) {
  return (
    <Card className={cn('border-l-4', tones[tone])} aria-label={title} role="region">
      <CardBody className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{title}</h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
          <dt className="text-sm font-medium text-muted">What happened</dt>
          <dd>{happened}</dd>
          <dt className="text-sm font-medium text-muted">Credits</dt>
          <dd>{credits}</dd>
          <dt className="text-sm font-medium text-muted">What to do next</dt>
          <dd className="flex flex-col items-start gap-2">{next}</dd>
        </dl>
      </CardBody>
    </Card>
  );
}

/** What creating the task charged, in words ("5 credits", "5 to 30 credits"); null when it spends nothing. */
function chargedWords(task: LedgerTask): string | null {
  const charge = chargeOf(task);
  return charge && charge.price.max > 0 ? priceWords(charge.price, charge.unit) : null;
}

/** The task the failed one was made from (its model, rig or preview), to fill its form in again. */
function sourceOf(task: LedgerTask): string | undefined {
  const { input_task_id: input, rig_task_id: rig } = task.request;
  return typeof input === 'string' ? input : typeof rig === 'string' ? rig : undefined;
}

/** Another type of task: its form, with the task it was made from filled in. */
function FormAgain({ task }: { task: LedgerTask }) {
  const again = kindOfPath(task.createPath);
  if (!again) return <p>Create it again from the 3D page.</p>;
  const from = sourceOf(task);
  return (
    <Link
      to="/3d/new/$kind"
      params={{ kind: again.kind.slug }}
      search={{ ...(from ? { from } : {}), ...(again.product ? { product: again.product } : {}) }}
      className="font-medium text-accent underline"
    >
      {from ? `New ${again.kind.label.toLowerCase()} task from the same source` : `New ${again.kind.label.toLowerCase()} task`}
    </Link>
  );
}

/** Queue the same request again (its price on the button, then a link to the new task); a preview's prompt can be edited first. */
function AgainActions({ task }: { task: LedgerTask }) {
  const retry = useCreateTextTo3d();
  const prompt = promptOf(task);
  const cost = textTo3dCost(task.request);
  if (!isTextTo3d(task)) return <FormAgain task={task} />;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        {retry.isSuccess ? (
          <Link to="/3d/tasks/$taskId" params={{ taskId: retry.data }} className="font-medium text-accent underline">
            Open the new task
          </Link>
        ) : (
          <Button
            variant="primary"
            size="sm"
            disabled={retry.isPending}
            onClick={() => retry.mutate(task.request as TextTo3dPreviewRequest | TextTo3dRefineRequest)}
            aria-label={`Retry task ${task.id} as a new task for ${countOf(cost, 'credit')}`}
          >
            {retry.isPending ? 'Queuing…' : `Retry · ${countOf(cost, 'credit')}`}
          </Button>
        )}
        {task.request.mode === 'preview' && prompt ? (
          <Link to="/3d" search={{ prompt }} className="text-sm font-medium text-accent underline">
            Edit the prompt
          </Link>
        ) : null}
      </div>
      {retry.isError ? <p className="text-sm text-danger">{errorMessage(retry.error)}</p> : null}
    </>
  );
}

export function TaskFailed({ task }: { task: LedgerTask }) {
  const message = task.task.task_error?.message ?? 'The task failed.';
  const charged = chargedWords(task);
  return (
    <OutcomePanel
      tone="danger"
      title={`The task failed: ${message}`}
      happened={<>The service stopped the task{task.task.finished_at ? ` on ${formatDateTime(task.task.finished_at)}` : ''} and made no model. Its message: “{message}”.</>}
      credits={charged ? <>Refunded: the {charged} charged when it was queued went back to the balance (failed tasks cost nothing).</> : 'Nothing was charged for it.'}
      next={
        <>
          <p>{failureAdvice(message, promptOf(task) !== null)}</p>
          <AgainActions task={task} />
        </>
      }
    />
  );
}

export function TaskCanceled({ task }: { task: LedgerTask }) {
  const charged = chargedWords(task);
  return (
    <OutcomePanel
      tone="neutral"
      title="The task was canceled"
      happened="It was canceled while it waited in the queue, before the service started on it: there is no model."
      credits={charged ? <>Refunded: the {charged} charged when it was queued went back to the balance.</> : 'Nothing was charged for it.'}
      next={<AgainActions task={task} />}
    />
  );
}

export function TaskFilesExpired({ task }: { task: LedgerTask }) {
  return (
    <OutcomePanel
      tone="warning"
      title="The model's files are gone"
      happened={
        <>
          The task succeeded, but the service deletes its files after 3 days{task.task.expires_at ? ` (these on ${formatDateTime(task.task.expires_at)})` : ''}, and this console has no copy of
          them: it could not archive them while they were there.
        </>
      }
      credits={<>Spent: {task.task.consumed_credits != null ? countOf(task.task.consumed_credits, 'credit') : (chargedWords(task) ?? 'nothing')}. Expired files are not refunded.</>}
      next={
        <>
          <p>Queue the same request again to get a new model; the console keeps its copy this time.</p>
          <AgainActions task={task} />
        </>
      }
    />
  );
}
