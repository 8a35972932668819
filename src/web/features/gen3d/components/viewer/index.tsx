import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { cn } from '../../../../lib/cn';
import { AnimationController } from './animation';
import { AnimationPanel } from './animation-panel';
import type { CameraLink } from './camera-link';
import { publishViewerState } from './e2e-hook';
import { InspectPanel, type ViewSettings } from './inspect-panel';
import type { MeshCheck } from './mesh-check';
import { checkModel, textureMemory } from './model-check';
import { PrintPanel } from './print-panel';
import { ViewerCanvas, type SceneHandle } from './scene';
import { downloadBlob } from './screenshot';
import { StatsPanel } from './stats-panel';
import { ErrorView, LoadingView } from './status-views';
import { Toolbar } from './toolbar';
import type { ChannelView, ViewerStats } from './types';
import { useGlb, type ClipSource, type LoadedModel } from './use-glb';

export type { ViewerStats } from './types';
export type { ClipSource } from './use-glb';

/** Optional parts of the viewer beyond the model, its toolbar and its figures. */
export type ViewerTools = {
  /** The printability check (run at once when `'auto'`) and the problems drawn on the model. */
  print?: boolean | 'auto';
  /** Grid, axes, exposure, size in metres, texture memory and the validator. */
  inspect?: boolean;
  /** Hide the statistics list (the compare page shows its own diff). */
  hideStats?: boolean;
};

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
  stageClassName = 'h-96 min-h-64',
  clipSources,
  tools = {},
  cameraLink,
  onModel,
}: {
  src: string;
  label: string;
  fileName: string;
  className?: string;
  /** The stage's size (the canvas's): its own, so the panels that come with the model do not shrink it. */
  stageClassName?: string;
  /** Other GLBs whose clips play on this model (a rig's walking and running files). */
  clipSources?: readonly ClipSource[];
  tools?: ViewerTools;
  cameraLink?: CameraLink;
  /** Told the figures of each model once loaded (the compare page's diff). */
  onModel?: (stats: ViewerStats | null) => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const state = useGlb(src, attempt, clipSources);
  const [wireframe, setWireframe] = useState(false);
  const [autoRotate, setAutoRotate] = useState(false);
  const [channelChoice, setChannel] = useState<ChannelView>('lit');
  const [capturing, setCapturing] = useState(false);
  const [captureError, setCaptureError] = useState<string | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [glError, setGlError] = useState<string | null>(null);
  // The model drawn in the room's light (its first frames have a plain sky light).
  const [litModel, setLitModel] = useState<LoadedModel | null>(null);
  const handleRef = useRef<SceneHandle | null>(null);
  const hintId = useId();

  const model = state.status === 'ready' ? state.model : null;
  const [skeleton, setSkeleton] = useState(false);
  const [view, setView] = useState<ViewSettings>({ grid: true, axes: false, exposure: 1 });
  const [checkAsked, setCheckAsked] = useState<LoadedModel | null>(null);
  const [showProblems, setShowProblems] = useState(true);
  // Measured when asked, or at once where printing is the point ('auto').
  const check = useMemo<MeshCheck | null>(
    () => (model && (tools.print === 'auto' || checkAsked === model) ? checkModel(model.scene) : null),
    [model, tools.print, checkAsked],
  );
  const runCheck = useCallback(() => setCheckAsked(model), [model]);
  const controller = useMemo(() => (model && model.animations.length > 0 ? new AnimationController(model.scene, model.animations) : null), [model]);
  const textureBytes = useMemo(() => (model && tools.inspect ? textureMemory(model.scene) : 0), [model, tools.inspect]);
  useEffect(() => onModel?.(model?.stats ?? null), [model, onModel]);
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
        clips: model?.animations.map((c) => c.name) ?? [],
        problems: check ? { holes: check.holes, boundaryEdges: check.boundaryEdges, nonManifoldEdges: check.nonManifoldEdges, watertight: check.watertight } : null,
      }),
    [state.status, model, check],
  );

  const onLit = useCallback(() => setLitModel(model), [model]);
  const onGlError = useCallback((error: unknown) => setGlError(error instanceof Error ? error.message : String(error)), []);
  // Stable while the download's progress re-renders this component: the scene is not redrawn for it.
  const sceneOptions = useMemo(
    () => ({
      wireframe,
      channel,
      autoRotate,
      grid: view.grid,
      axes: view.axes,
      exposure: view.exposure,
      skeleton,
      problems: check && showProblems ? check : null,
      animation: controller,
      cameraLink,
    }),
    [wireframe, channel, autoRotate, view, skeleton, check, showProblems, controller, cameraLink],
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
      <div className={cn('relative w-full overflow-hidden rounded-lg border border-border bg-surface-2', stageClassName)}>
        <div
          ref={setStage}
          data-testid="model-canvas"
          role="img"
          aria-label={label}
          aria-describedby={model ? hintId : undefined}
          aria-busy={state.status === 'loading'}
          data-lit={model !== null && litModel === model ? 'true' : undefined}
          tabIndex={model ? 0 : -1}
          className="absolute inset-0 cursor-grab rounded-lg focus-visible:-outline-offset-2 active:cursor-grabbing"
        >
          {/* Made with the model, not during the download: measured on this machine, a canvas drawing an
              empty stage while the page starts held the model's first frame back. */}
          {model ? (
            <ViewerCanvas
              model={model}
              options={sceneOptions}
              handleRef={handleRef}
              keyTarget={stage}
              onError={onGlError}
              onLit={onLit}
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
          {controller || model.skinned ? <AnimationPanel controller={controller} skinned={model.skinned} skeleton={skeleton} onSkeleton={setSkeleton} /> : null}
          {tools.print ? <PrintPanel check={check} onCheck={runCheck} showProblems={showProblems} onShowProblems={setShowProblems} /> : null}
          {tools.inspect ? <InspectPanel view={view} onView={setView} size={model.stats.size} textureBytes={textureBytes} bytes={model.bytes} /> : null}
          {tools.hideStats ? null : <StatsPanel stats={model.stats} />}
        </>
      ) : null}
    </div>
  );
}
