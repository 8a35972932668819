import { useQuery } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { Printability } from '../../../../contracts/gen3d/records-output';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { formatInt } from '../../../lib/format';
import { gen3dQueries } from '../api/queries';
import { viewableModel } from '../../../../contracts/gen3d/viewable-model';
import { analyzedSource } from '../model-source';
import { ImageGallery } from './image-gallery';
import { LazyModelViewer } from './lazy-viewer';

/** True when a succeeded task has something this view can show (model, clips, analysed model, images). */
export function hasResultView(task: LedgerTask): boolean {
  const t = task.task;
  return t.type === 'print-analyze' ? analyzedSource(task) !== null : viewableModel(task) !== null || t.image_urls.length > 0;
}

const viewerClass = 'h-[62vh] min-h-80';

/**
 * A succeeded task's result: rigged and animated models with their clips, print results with the
 * printability check drawn on the model, multi-colour prints in their colours, images in a gallery,
 * any other model in the viewer with its inspection tools.
 */
export function TaskResult({ task, name, fileName }: { task: LedgerTask; name: string; fileName: string }) {
  const t = task.task;
  if (t.type === 'print-analyze') return <AnalyzedModel task={task} fileName={fileName} />;
  const model = viewableModel(task);
  if (model) {
    const print = t.type?.startsWith('print-') ?? false;
    return (
      <LazyModelViewer
        src={model.src}
        clipSources={model.clips}
        label={`3D model of “${name}”`}
        fileName={fileName}
        stageClassName={viewerClass}
        tools={{ inspect: true, print: print ? 'auto' : true }}
      />
    );
  }
  return <ImageGallery images={t.image_urls} name={fileName} multiView={task.request.generate_multi_view === true} />;
}

/** A print analysis: the service's verdict, and the analysed model with the browser's own check drawn on it. */
function AnalyzedModel({ task, fileName }: { task: LedgerTask; fileName: string }) {
  const source = analyzedSource(task);
  const inputId = source && 'inputTaskId' in source ? source.inputTaskId : null;
  const input = useQuery({ ...gen3dQueries.task(inputId ?? ''), enabled: inputId !== null });
  const parsed = task.task.printability ? Printability.safeParse(task.task.printability) : null;
  const service = parsed?.success ? parsed.data : null;
  const src = source && 'url' in source ? source.url : input.data ? viewableModel(input.data)?.src : undefined;
  return (
    <div className="flex flex-col gap-3">
      {service ? (
        <p className="flex flex-wrap items-center gap-2 text-sm" aria-label="The service’s analysis">
          <span className="text-muted">The service’s analysis:</span>
          <Badge tone={service.status === 'healthy' ? 'success' : service.status === 'warning' ? 'warning' : service.status === 'error' ? 'danger' : 'neutral'}>{service.status}</Badge>
          {service.metrics.holes !== null ? <span>{formatInt(service.metrics.holes)} holes</span> : null}
          {service.metrics.nonManifoldEdges !== null ? <span>· {formatInt(service.metrics.nonManifoldEdges)} non-manifold edges</span> : null}
          {service.metrics.isWatertight !== null ? <span>· {service.metrics.isWatertight ? 'watertight' : 'not watertight'}</span> : null}
        </p>
      ) : null}
      {src ? (
        <LazyModelViewer src={src} label="The analysed model, with its problems drawn" fileName={fileName} stageClassName={viewerClass} tools={{ print: 'auto', inspect: true }} />
      ) : input.isPending && inputId ? (
        <p className="text-sm text-muted">Loading the analysed model…</p>
      ) : (
        <Alert tone="info" title="The analysed model cannot be shown here">
          The analysis was given a model by a URL on another host, or its input task is no longer in this console, so the browser has no copy to draw.
        </Alert>
      )}
    </div>
  );
}
