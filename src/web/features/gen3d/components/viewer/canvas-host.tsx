import { createRoot, type ReconcilerRoot, type RenderProps } from '@react-three/fiber';
import { useInsertionEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { WebGLRenderer } from 'three';

/** The viewer's WebGL context attributes: three.js's defaults with r3f's and the viewer's own choices. */
const GL_ATTRIBUTES = {
  alpha: true,
  depth: true,
  stencil: false,
  antialias: true,
  premultipliedAlpha: true,
  // Screenshots read the canvas after the frame.
  preserveDrawingBuffer: true,
  powerPreference: 'high-performance',
  failIfMajorPerformanceCaveat: false,
} as const;

type Size = { width: number; height: number; top: number; left: number };
export type HostConfig = Omit<RenderProps<HTMLCanvasElement>, 'size' | 'gl'>;

/**
 * A <canvas> rendered by an r3f root. r3f's own <Canvas> registers the whole THREE namespace as
 * JSX elements (`extend(THREE)`), which keeps every three.js class in the bundle (~40 KB gzip
 * more). This host calls r3f's `createRoot` directly, so only the classes the viewer imports are
 * bundled; the scene uses `<primitive>`, which needs no catalogue. No pointer-event system is
 * attached: OrbitControls listens to the canvas itself.
 * The renderer is made on a drawing buffer of the stage's size from the start.
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
    const measured = (width: number, height: number) =>
      setSize((prev) => (prev && prev.width === width && prev.height === height ? prev : { width, height, top: 0, left: 0 }));
    // Measured now, so the renderer is made in this commit rather than at the observer's first call.
    measured(el.clientWidth, el.clientHeight);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measured(entry.contentRect.width, entry.contentRect.height);
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
    if (!rootRef.current) {
      // The drawing buffer made at the stage's size from the start: r3f then sets the same size,
      // which costs nothing, where growing it from the canvas's default 300 × 150 costs more than
      // making the context (as r3f does: the device's pixel ratio, within `dpr`).
      const [low, high] = Array.isArray(config.dpr) ? config.dpr : [config.dpr ?? 1, config.dpr ?? 1];
      const ratio = Math.min(Math.max(low, window.devicePixelRatio), high);
      canvas.width = Math.floor(size.width * ratio);
      canvas.height = Math.floor(size.height * ratio);
      rootRef.current = createRoot(canvas);
    }
    const root = rootRef.current;
    const gl = () => new WebGLRenderer({ ...GL_ATTRIBUTES, canvas });
    root.configure({ ...config, gl, size }).then(
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
