import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { cn } from '../../../../lib/cn';
import { publishViewerState } from './e2e-hook';
import { ViewerCanvas, type SceneHandle } from './scene';
import { downloadBlob } from './screenshot';
import { StatsPanel } from './stats-panel';
import { ErrorView, LoadingView } from './status-views';
import { Toolbar } from './toolbar';
import type { ChannelView } from './types';
import { useGlb } from './use-glb';

export type { ViewerStats } from './types';

/**
 * A 3D preview of the GLB at `src` (same origin): download progress, orbit/zoom/pan, wireframe,
 * texture channels, screenshot and model figures. Everything three.js lives behind this module so
 * the page can load it lazily.
 */
export function ModelViewer({
  src,
  label,
  fileName,
  className,
}: {
  src: string;
  label: string;
  fileName: string;
  className?: string;
}) {
  const [attempt, setAttempt] = useState(0);
  const state = useGlb(src, attempt);
  const [wireframe, setWireframe] = useState(false);
  const [autoRotate, setAutoRotate] = useState(false);
  const [channelChoice, setChannel] = useState<ChannelView>('lit');
  const [capturing, setCapturing] = useState(false);
  const [captureError, setCaptureError] = useState<string | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [glError, setGlError] = useState<string | null>(null);
  const handleRef = useRef<SceneHandle | null>(null);
  const hintId = useId();

  const model = state.status === 'ready' ? state.model : null;
  const textureChannels = model?.textureChannels ?? [];
  // A channel the current model lacks falls back to the shaded view.
  const channel = channelChoice === 'lit' || textureChannels.includes(channelChoice) ? channelChoice : 'lit';

  // Layout effect: published before the canvas can draw its first frame.
  useLayoutEffect(
    () =>
      publishViewerState({
        status: state.status,
        stats: model?.stats ?? null,
        frames: 0,
        textureChannels: model?.textureChannels ?? [],
      }),
    [state.status, model],
  );

  const screenshot = useCallback(async () => {
    const handle = handleRef.current;
    if (!handle) return;
    setCapturing(true);
    setCaptureError(null);
    try {
      downloadBlob(await handle.capture(), `${fileName}.png`);
    } catch (error) {
      setCaptureError(error instanceof Error ? error.message : 'The screenshot failed');
    } finally {
      setCapturing(false);
    }
  }, [fileName]);

  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <Toolbar
        disabled={!model}
        wireframe={wireframe}
        onWireframe={setWireframe}
        autoRotate={autoRotate}
        onAutoRotate={setAutoRotate}
        onResetView={() => handleRef.current?.resetView()}
        onScreenshot={() => void screenshot()}
        capturing={capturing}
        textureChannels={textureChannels}
        channel={channel}
        onChannel={setChannel}
      />
      {captureError ? (
        <p role="alert" className="text-sm text-danger">
          Screenshot failed: {captureError}
        </p>
      ) : null}
      <div className="relative min-h-64 w-full flex-1 basis-96 overflow-hidden rounded-lg border border-border bg-surface-2">
        <div
          ref={setStage}
          data-testid="model-canvas"
          role="img"
          aria-label={label}
          aria-describedby={model ? hintId : undefined}
          aria-busy={state.status === 'loading'}
          tabIndex={model ? 0 : -1}
          className="absolute inset-0 cursor-grab rounded-lg focus-visible:-outline-offset-2 active:cursor-grabbing"
        >
          {model ? (
            <ViewerCanvas
              model={model}
              options={{ wireframe, channel, autoRotate }}
              handleRef={handleRef}
              keyTarget={stage}
              onError={(error) => setGlError(error instanceof Error ? error.message : String(error))}
            />
          ) : null}
        </div>
        {state.status === 'loading' ? (
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <LoadingView progress={state.progress} />
          </div>
        ) : null}
        {model && glError ? (
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <Alert tone="danger" title="This browser could not start WebGL" className="w-full max-w-lg">
              The 3D preview needs WebGL; the model’s figures are still listed below. ({glError})
            </Alert>
          </div>
        ) : null}
        {state.status === 'error' ? (
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <ErrorView failure={state.failure} onRetry={() => setAttempt((n) => n + 1)} />
          </div>
        ) : null}
      </div>
      {model ? (
        <>
          <p id={hintId} className="text-xs text-muted">
            Drag to orbit, scroll to zoom, right-drag to pan. When the preview has focus, arrow keys pan and Shift + arrow keys
            orbit.
          </p>
          <StatsPanel stats={model.stats} />
        </>
      ) : null}
    </div>
  );
}
