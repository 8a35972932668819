import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** Three.js loads only when a viewer is shown: the viewer is its own chunk. */
const loadViewer = () => import('./viewer').then((m) => ({ default: m.ModelViewer }));
const ModelViewer = lazy(loadViewer);

/**
 * Starts fetching the viewer chunk ahead of time: a task page whose task is still running will show
 * the viewer as soon as the task succeeds, so the chunk need not wait for that moment.
 */
export function preloadViewer(): void {
  void loadViewer().catch(() => {
    // The lazy component retries and reports the failure when it renders.
  });
}

export function LazyModelViewer(props: ComponentProps<typeof ModelViewer>) {
  return (
    <Suspense
      fallback={
        <div className="grid h-full min-h-80 place-items-center rounded-lg border border-border bg-surface-2 text-muted">
          <span className="flex items-center gap-2">
            <Spinner label="Loading the 3D viewer" /> Loading the 3D viewer…
          </span>
        </div>
      }
    >
      <ModelViewer {...props} />
    </Suspense>
  );
}
