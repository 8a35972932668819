import { useAnimations } from '@react-three/drei/core/useAnimations';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { AxesHelper, BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments, SkeletonHelper, Vector3, type Object3D } from 'three';
import type { AnimationController } from './animation';
import type { MeshCheck } from './mesh-check';
import type { LoadedModel } from './use-glb';

/**
 * The model's clips on drei's `useAnimations` (its mixer, advanced each frame), driven by the clip
 * controls' state; renders continuously only while a clip plays.
 */
export function Animator({ controller }: { controller: AnimationController }) {
  const invalidate = useThree((s) => s.invalidate);
  // Subscribed before useAnimations' own frame callback, so the pace is set before it advances.
  useFrame((_, delta) => controller.pace(delta));
  const { mixer, actions } = useAnimations(controller.clips, controller.root);
  useFrame(() => {
    if (controller.tick()) invalidate();
  });
  useEffect(() => controller.bind({ mixer, actions }, invalidate), [controller, mixer, actions, invalidate]);
  return null;
}

/** The rig's bones drawn over the model. */
export function SkeletonView({ root }: { root: Object3D }) {
  const invalidate = useThree((s) => s.invalidate);
  const helper = useMemo(() => {
    const h = new SkeletonHelper(root);
    const material = h.material as LineBasicMaterial;
    material.depthTest = false;
    material.transparent = true;
    h.renderOrder = 999;
    return h;
  }, [root]);
  useEffect(() => {
    invalidate();
    return () => {
      helper.geometry.dispose();
      (helper.material as LineBasicMaterial).dispose();
      invalidate();
    };
  }, [helper, invalidate]);
  return <primitive object={helper} />;
}

/** x (red), y (green), z (blue) axes at the origin, as long as the model is big. */
export function AxesView({ model }: { model: LoadedModel }) {
  const invalidate = useThree((s) => s.invalidate);
  const axes = useMemo(() => {
    const size = model.box.isEmpty() ? 1 : model.box.getSize(new Vector3()).length() * 0.6;
    const helper = new AxesHelper(size);
    (helper.material as LineBasicMaterial).depthTest = false;
    helper.renderOrder = 998;
    return helper;
  }, [model]);
  useEffect(() => {
    invalidate();
    return () => {
      axes.dispose();
      invalidate();
    };
  }, [axes, invalidate]);
  return <primitive object={axes} />;
}

/** Problem colours: open edges (holes) and non-manifold edges; also used by the legend. */
export const problemColors = { boundary: '#ff2d55', nonManifold: '#ffb000' } as const;

function segments(points: Float32Array, color: string): LineSegments {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(points, 3));
  const line = new LineSegments(geometry, new LineBasicMaterial({ color, depthTest: false, transparent: true, toneMapped: false }));
  line.renderOrder = 1000;
  return line;
}

/** The check's open and non-manifold edges, drawn on top of the model (world coordinates). */
export function ProblemsOverlay({ check }: { check: MeshCheck }) {
  const invalidate = useThree((s) => s.invalidate);
  const lines = useMemo(
    () => [segments(check.boundarySegments, problemColors.boundary), segments(check.nonManifoldSegments, problemColors.nonManifold)],
    [check],
  );
  useEffect(() => {
    invalidate();
    return () => {
      for (const line of lines) {
        line.geometry.dispose();
        (line.material as LineBasicMaterial).dispose();
      }
      invalidate();
    };
  }, [lines, invalidate]);
  return (
    <>
      {lines.map((line) => (
        <primitive key={line.uuid} object={line} />
      ))}
    </>
  );
}

/** Tone-mapping exposure (1 = neutral). */
export function Exposure({ value }: { value: number }) {
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    gl.toneMappingExposure = value;
    invalidate();
  }, [gl, value, invalidate]);
  return null;
}
