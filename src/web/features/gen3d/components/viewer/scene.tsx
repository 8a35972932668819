// drei's modules by path: its index also names react-dom/client, which would make the first page wrap React DOM for interop.
import { OrbitControls } from '@react-three/drei/core/OrbitControls';
import { useFrame, useThree } from '@react-three/fiber';
import { memo, useEffect, useRef, type ComponentRef, type RefObject } from 'react';
import { ACESFilmicToneMapping, SRGBColorSpace, type PerspectiveCamera } from 'three';
import type { AnimationController } from './animation';
import type { CameraLink, LinkedCamera } from './camera-link';
import { CanvasHost, type HostConfig } from './canvas-host';
import { applyChannelView, setWireframe } from './channels';
import { countViewerFrame } from './e2e-hook';
import { Background, Ground, Lighting } from './environment';
import { applyFraming, frameBox } from './framing';
import type { MeshCheck } from './mesh-check';
import { Animator, AxesView, Exposure, ProblemsOverlay, SkeletonView } from './scene-extras';
import { captureFrame } from './screenshot';
import { useSceneColors } from './theme';
import type { ChannelView } from './types';
import type { LoadedModel } from './use-glb';

/** What the toolbar can ask of the scene. */
export type SceneHandle = { resetView(): void; capture(): Promise<Blob> };

export type SceneOptions = {
  wireframe: boolean;
  channel: ChannelView;
  autoRotate: boolean;
  grid?: boolean;
  axes?: boolean;
  /** Tone-mapping exposure, 1 by default. */
  exposure?: number;
  skeleton?: boolean;
  /** Open and non-manifold edges to draw over the model. */
  problems?: MeshCheck | null;
  animation?: AnimationController | null;
  /** Cameras that move together (compare). */
  cameraLink?: CameraLink;
};

/** Renders on demand: a frame when something changes, continuously only while damping or auto-rotation moves the camera. */
const config: HostConfig = {
  dpr: [1, 2],
  camera: { fov: 40, near: 0.01, far: 1000, position: [3, 2, 4] },
  frameloop: 'demand',
  // r3f's defaults already; set so the look does not depend on them.
  onCreated: ({ gl }) => {
    gl.toneMapping = ACESFilmicToneMapping;
    gl.outputColorSpace = SRGBColorSpace;
  },
};

/**
 * The WebGL canvas and the scene: model, room lighting, theme background, grid, controls. The
 * grid comes with the room lighting, once the model's first frame is shown (`onLit`); `model` may
 * be null (an empty stage).
 */
export const ViewerCanvas = memo(function ViewerCanvas({
  model,
  options,
  handleRef,
  keyTarget,
  onError,
  onLit,
}: {
  model: LoadedModel | null;
  options: SceneOptions;
  handleRef: RefObject<SceneHandle | null>;
  keyTarget: HTMLElement | null;
  onError: (error: unknown) => void;
  onLit?: () => void;
}) {
  const colors = useSceneColors();
  return (
    <CanvasHost config={config} onError={onError}>
      <Background color={colors.background} />
      <Lighting model={model !== null} onSettled={onLit}>
        {model && options.grid !== false ? <Ground box={model.box} colors={colors} /> : null}
      </Lighting>
      {model ? <ModelObject model={model} wireframe={options.wireframe} channel={options.channel} /> : null}
      {model && options.axes ? <AxesView model={model} /> : null}
      {model && options.skeleton && model.skinned ? <SkeletonView root={model.scene} /> : null}
      {options.problems ? <ProblemsOverlay check={options.problems} /> : null}
      {options.animation ? <Animator controller={options.animation} /> : null}
      <Exposure value={options.exposure ?? 1} />
      <Rig model={model} autoRotate={options.autoRotate} handleRef={handleRef} keyTarget={keyTarget} link={options.cameraLink} />
    </CanvasHost>
  );
});

function ModelObject({ model, wireframe, channel }: { model: LoadedModel; wireframe: boolean; channel: ChannelView }) {
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    const restore = applyChannelView(model.scene, channel);
    setWireframe(model.scene, wireframe);
    invalidate();
    return restore;
  }, [model, wireframe, channel, invalidate]);
  // Counted here: a frame drawn while the model is in the scene.
  useFrame(() => countViewerFrame());
  // Disposal belongs to useGlb, which owns the model.
  return <primitive object={model.scene} dispose={null} />;
}

type Controls = ComponentRef<typeof OrbitControls>;

/**
 * drei's orbit controls (damped, the scene's default controls), with the viewer's framing, keys,
 * linked cameras (compare) and the imperative handle for the toolbar.
 */
function Rig({
  model,
  autoRotate,
  handleRef,
  keyTarget,
  link,
}: {
  model: LoadedModel | null;
  autoRotate: boolean;
  handleRef: RefObject<SceneHandle | null>;
  keyTarget: HTMLElement | null;
  link?: CameraLink;
}) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const controlsRef = useRef<Controls>(null);

  useEffect(() => {
    const controls = controlsRef.current;
    if (!controls || !link) return;
    // Linked cameras follow each change at once: no damping momentum of their own.
    controls.enableDamping = false;
    let following = false;
    const member: LinkedCamera = {
      follow(position, target) {
        following = true;
        camera.position.copy(position);
        controls.target.copy(target);
        controls.update();
        following = false;
        invalidate();
      },
    };
    const leave = link.join(member);
    const onChange = () => {
      if (!following) link.publish(member, camera.position, controls.target);
    };
    controls.addEventListener('change', onChange);
    return () => {
      controls.removeEventListener('change', onChange);
      leave();
    };
  }, [link, camera, gl, invalidate]);

  useEffect(() => {
    const controls = controlsRef.current;
    if (!controls || !keyTarget) return;
    controls.listenToKeyEvents(keyTarget);
    return () => controls.stopListenToKeyEvents();
  }, [keyTarget, camera, gl]);

  useEffect(() => {
    if (!model) return;
    const reset = () => {
      applyFraming(frameBox(model.box, camera), camera, controlsRef.current);
      invalidate();
    };
    reset();
    handleRef.current = { resetView: reset, capture: () => captureFrame(gl, scene, camera) };
    return () => {
      handleRef.current = null;
    };
  }, [model, camera, gl, scene, handleRef, invalidate]);

  return <OrbitControls ref={controlsRef} makeDefault dampingFactor={0.08} autoRotate={autoRotate} />;
}
