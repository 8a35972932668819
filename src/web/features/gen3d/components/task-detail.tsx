import { useEffect } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import { Alert } from '../../../components/ui/alert';
import { Card, CardBody, Panel } from '../../../components/ui/card';
import { promptOf } from '../task-view';
import { Downloads } from './downloads';
import { LazyModelViewer, preloadViewer } from './lazy-viewer';
import { RefineForm } from './refine-form';
import { RelatedTasks } from './related-tasks';
import { TaskFacts } from './task-facts';
import { TaskFailure } from './task-failure';
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

/** A task's page body: the model (or its progress), facts, downloads, textures and refine. */
export function TaskDetail({ task }: { task: LedgerTask }) {
  const t = task.task;
  const prompt = promptOf(task) ?? task.id;
  const glb = t.model_urls.glb;
  const isPreview = t.type === 'text-to-3d-preview';
  const running = t.status === 'PENDING' || t.status === 'IN_PROGRESS';
  useEffect(() => {
    // The viewer shows the moment this task succeeds: have its code ready by then.
    if (running) preloadViewer();
  }, [running]);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_22rem] items-start gap-6 p-6">
      <div className="flex min-w-0 flex-col gap-4">
        {t.status === 'SUCCEEDED' && glb ? (
          <LazyModelViewer src={glb} label={`3D model of “${prompt}”`} fileName={`${slug(prompt)}-${task.id.slice(0, 8)}`} className="h-[62vh] min-h-96" />
        ) : t.status === 'SUCCEEDED' ? (
          <Alert tone="warning" title="This task has no GLB file">The record lists no GLB to preview; use the downloads instead.</Alert>
        ) : t.status === 'FAILED' ? (
          <TaskFailure task={task} />
        ) : (
          <Card>
            <CardBody className="flex items-center gap-6 py-10">
              <TaskThumb task={task} large />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="text-lg font-medium">{t.status === 'PENDING' ? 'Waiting in the queue' : t.progress >= 99 ? 'Finalizing the model' : 'Generating the model'}</p>
                <TaskProgress task={task} label="Task progress" />
                <p className="text-sm text-muted">This page updates by itself. Generation takes one to five minutes; 99% can last a while.</p>
              </div>
            </CardBody>
          </Card>
        )}
        {task.watch.lastError ? <Alert tone="warning" title="Watching this task ran into a problem">{task.watch.lastError}</Alert> : null}
      </div>
      <div className="flex flex-col gap-4">
        <Panel title="Details" bodyClassName="flex flex-col gap-4">
          <TaskFacts task={task} />
          <RelatedTasks task={task} />
        </Panel>
        {t.status === 'SUCCEEDED' ? (
          <Panel title="Downloads">
            <Downloads task={task} />
          </Panel>
        ) : null}
        {t.status === 'SUCCEEDED' && isPreview ? (
          <Panel title="Refine">
            <RefineForm preview={task} />
          </Panel>
        ) : null}
        {t.status === 'SUCCEEDED' && !isPreview ? (
          <Panel title="Textures">
            <TextureMaps task={task} />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}
