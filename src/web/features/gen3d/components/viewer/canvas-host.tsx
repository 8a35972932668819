import { createRoot, type ReconcilerRoot, type RenderProps } from '@react-three/fiber';
import { useInsertionEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type Size = { width: number; height: number; top: number; left: number };
export type HostConfig = Omit<RenderProps<HTMLCanvasElement>, 'size'>;

/**
 * A <canvas> rendered by an r3f root. r3f's own <Canvas> registers the whole THREE namespace as
 * JSX elements (`extend(THREE)`), which keeps every three.js class in the bundle (~40 KB gzip
 * more). This host calls r3f's `createRoot` directly, so only the classes the viewer imports are
 * bundled; the scene uses `<primitive>`, which needs no catalogue. No pointer-event system is
 * attached: OrbitControls listens to the canvas itself.
 */
export function CanvasHost({
  config,
  children,
  onError,
}: {
  config: HostConfig;
  children: ReactNode;
  /** WebGL could not start (no GPU, context refused). */
  onError: (error: unknown) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rootRef = useRef<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const [size, setSize] = useState<Size | null>(null);

  useLayoutEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize((prev) => (prev && prev.width === width && prev.height === height ? prev : { width, height, top: 0, left: 0 }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Insertion effects are not replayed by StrictMode, so the root (and its WebGL context) is
  // released only on the final unmount.
  useInsertionEffect(
    () => () => {
      const root = rootRef.current;
      rootRef.current = null;
      root?.unmount();
    },
    [],
  );

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !size || size.width === 0 || size.height === 0) return;
    rootRef.current ??= createRoot(canvas);
    const root = rootRef.current;
    root.configure({ ...config, size }).then(
      () => {
        if (rootRef.current === root) root.render(children);
      },
      (error: unknown) => onError(error),
    );
  });

  return (
    <div ref={containerRef} className="size-full">
      <canvas ref={canvasRef} className="block" />
    </div>
  );
}
