import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Progress } from '../../../../components/ui/progress';
import { formatBytes } from '../../../../lib/format-extra';
import { describeFailure, type LoadFailure } from './load-error';
import type { LoadProgress } from './types';

/** Download progress: percent when the size is known, bytes loaded otherwise. */
export function LoadingView({ progress }: { progress: LoadProgress }) {
  const { loaded, total, parsing } = progress;
  const percent = total ? Math.min(100, Math.floor((loaded / total) * 100)) : null;
  const text = parsing
    ? `Preparing the model (${formatBytes(loaded)})…`
    : percent !== null && total
      ? `Downloading the model… ${percent}% of ${formatBytes(total)}`
      : `Downloading the model… ${formatBytes(loaded)} loaded`;
  return (
    <div className="flex w-full max-w-xs flex-col gap-2 rounded-lg border border-border bg-surface p-4 shadow-card">
      <Progress
        label="Loading model"
        value={parsing ? 100 : percent}
        aria-valuetext={percent === null && !parsing ? `${formatBytes(loaded)} loaded` : undefined}
      />
      <p className="text-center text-sm text-muted">{text}</p>
    </div>
  );
}

export function ErrorView({ failure, onRetry }: { failure: LoadFailure; onRetry: () => void }) {
  const { title, detail } = describeFailure(failure);
  return (
    <Alert
      tone="danger"
      title={title}
      className="w-full max-w-lg"
      action={
        <Button size="sm" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {detail}
    </Alert>
  );
}
