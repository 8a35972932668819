import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { loadViewer, preloadViewer } from './viewer-preload';

export { preloadViewer };

/** Three.js loads only when a viewer is shown: the viewer is its own chunk. */
const ModelViewer = lazy(() => loadViewer().then((m) => ({ default: m.ModelViewer })));

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
