import { useEffect } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import { Alert } from '../../../components/ui/alert';
import { Card, CardBody, Panel } from '../../../components/ui/card';
import { ChainPanel } from './chain-panel';
import { useNow } from '../../../lib/use-now';
import { filesExpired } from '../../../../contracts/gen3d/viewable-model';
import { isRunning, titleOf } from '../task-view';
import { readableNote } from '../watch-note';
import { ArchiveFiles, ArchiveUsagePanel } from './archive-files';
import { Downloads, hasDownloads, hasTextures } from './downloads';
import { CompareChooser } from './compare-chooser';
import { preloadViewer } from './lazy-viewer';
import { RefineForm } from './refine-form';
import { TaskFacts } from './task-facts';
import { TaskCanceled, TaskFailed, TaskFilesExpired } from './task-outcome';
import { TaskResult, hasResultView } from './task-result';
import { TaskProgress } from './task-status';
import { TaskThumb } from './task-thumb';
import { TextureMaps } from './texture-maps';

/** File-name form of a prompt, as the downloads name theirs. */
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'model';

/** While the task runs: its thumbnail, progress, queue position and time. */
function Running({ task }: { task: LedgerTask }) {
  const t = task.task;
  return (
    <Card>
      <CardBody className="flex flex-col items-start gap-4 py-8 sm:flex-row sm:items-center sm:gap-6">
        <TaskThumb task={task} large />
        <div className="flex w-full min-w-0 flex-1 flex-col gap-2">
          <p className="text-lg font-medium">{t.status === 'PENDING' ? 'Waiting in the queue' : t.progress >= 99 ? 'Finalizing the model' : 'Generating the model'}</p>
          <TaskProgress task={task} label="Task progress" />
          <p className="text-sm text-muted">This page updates by itself. Generation takes one to five minutes; 99% can last a while.</p>
        </div>
      </CardBody>
    </Card>
  );
}

/** The main view of a task: its model, its progress, or the panel of how it ended. */
function Outcome({ task, expired }: { task: LedgerTask; expired: boolean }) {
  const t = task.task;
  const prompt = titleOf(task);
  if (t.status === 'FAILED') return <TaskFailed task={task} />;
  if (t.status === 'CANCELED') return <TaskCanceled task={task} />;
  if (expired) return <TaskFilesExpired task={task} />;
  if (t.status === 'SUCCEEDED' && hasResultView(task)) return <TaskResult task={task} name={prompt} fileName={`${slug(prompt)}-${task.id.slice(0, 8)}`} />;
  if (t.status === 'SUCCEEDED') return <Alert tone="warning" title="This task has no GLB file">The record lists no GLB to preview; use the downloads instead.</Alert>;
  return <Running task={task} />;
}

/** A task's page body: the model (or its progress, or how it ended), facts, downloads, textures and refine. */
export function TaskDetail({ task }: { task: LedgerTask }) {
  const t = task.task;
  const now = useNow();
  const running = isRunning(task);
  const expired = filesExpired(task, now);
  const usable = t.status === 'SUCCEEDED' && !expired;
  useEffect(() => {
    // The viewer shows the moment this task succeeds: have its code ready by then.
    if (running) preloadViewer();
  }, [running]);
  return (
    <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <Outcome task={task} expired={expired} />
        {running && task.watch.lastError ? <Alert tone="warning" title="Watching this task ran into a problem">{readableNote(task.watch.lastError)}</Alert> : null}
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <Panel title="Details" bodyClassName="flex flex-col gap-4">
          <TaskFacts task={task} />
        </Panel>
        <ChainPanel task={task} />
        {usable ? <CompareChooser task={task} /> : null}
        {usable && hasDownloads(task) ? (
          <Panel title="Downloads">
            <Downloads task={task} />
          </Panel>
        ) : null}
        {usable && t.type === 'text-to-3d-preview' ? (
          <Panel title="Refine">
            <RefineForm preview={task} />
          </Panel>
        ) : null}
        {usable && t.type !== 'text-to-3d-preview' && hasTextures(task) ? (
          <Panel title="Textures">
            <TextureMaps task={task} />
          </Panel>
        ) : null}
        <ArchiveFiles task={task} />
        <ArchiveUsagePanel />
      </div>
    </div>
  );
}
