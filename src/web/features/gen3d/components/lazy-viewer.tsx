import { useEffect, useState, type ComponentProps } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import type { ModelViewer } from './viewer';
import { loadedViewer, loadViewer, preloadViewer, type ViewerModule } from './viewer-preload';

export { preloadViewer };

type Loaded = { module: ViewerModule } | { failed: true } | null;

/**
 * Three.js loads only when a viewer is shown: the viewer is its own chunk. Not `React.lazy`: a
 * Suspense boundary that has shown its fallback reveals its content no sooner than 300 ms later
 * (React's fallback throttle), which held a finished task's first frame back by up to that much
 * after the chunk had run. A state update shows the viewer as soon as its chunk is in, and at once
 * when it already is.
 */
export function LazyModelViewer(props: ComponentProps<typeof ModelViewer>) {
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const module = loadedViewer();
    return module ? { module } : null;
  });
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadViewer().then(
      (module) => live && setLoaded({ module }),
      () => live && setLoaded({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (loaded && 'module' in loaded) return <loaded.module.ModelViewer {...props} />;
  if (loaded) {
    return (
      <Alert tone="danger" title="The 3D viewer could not be loaded">
        Its code did not arrive from the console server. Reload the page to try again.
      </Alert>
    );
  }
  return (
    <div className="grid h-full min-h-80 place-items-center rounded-lg border border-border bg-surface-2 text-muted">
      <span className="flex items-center gap-2">
        <Spinner label="Loading the 3D viewer" /> Loading the 3D viewer…
      </span>
    </div>
  );
}
