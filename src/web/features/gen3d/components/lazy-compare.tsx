import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** The compare view is its own chunk (with the viewer's), fetched only on the compare page. */
const CompareView = lazy(() => import('./viewer/compare').then((m) => ({ default: m.CompareView })));

export function LazyCompareView(props: ComponentProps<typeof CompareView>) {
  return (
    <Suspense
      fallback={
        <div className="grid min-h-80 place-items-center rounded-lg border border-border bg-surface-2 text-muted">
          <span className="flex items-center gap-2">
            <Spinner label="Loading the 3D viewer" /> Loading the 3D viewer…
          </span>
        </div>
      }
    >
      <CompareView {...props} />
    </Suspense>
  );
}
