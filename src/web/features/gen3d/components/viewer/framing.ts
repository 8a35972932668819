import { MathUtils, Sphere, Vector3, type Box3, type PerspectiveCamera } from 'three';

/** What framing sets on the orbit controls (drei's, three-stdlib's OrbitControls). */
type FramedControls = { target: Vector3; enableDamping: boolean; minDistance: number; maxDistance: number; update(): unknown };

export type Framing = {
  position: Vector3;
  target: Vector3;
  near: number;
  far: number;
  minDistance: number;
  maxDistance: number;
};

/** A three-quarter view from the front right, a little above. */
const viewDirection = new Vector3(1, 0.6, 1.4).normalize();
/** Free space around the model, as a share of the distance that just fits it. */
const margin = 1.15;

/**
 * Places the camera so the model's bounding sphere fits the narrower of the vertical and horizontal
 * field of view, looking at the box centre; near/far follow the model size so small and huge
 * models both keep depth precision.
 */
export function frameBox(box: Box3, camera: PerspectiveCamera): Framing {
  const sphere = box.isEmpty() ? new Sphere(new Vector3(), 1) : box.getBoundingSphere(new Sphere());
  const radius = sphere.radius > 0 && Number.isFinite(sphere.radius) ? sphere.radius : 1;
  const vFov = MathUtils.degToRad(camera.fov);
  const hFov = 2 * Math.atan(Math.tan(vFov / 2) * Math.max(camera.aspect, 1e-3));
  const fov = Math.min(vFov, hFov);
  const distance = (radius / Math.sin(fov / 2)) * margin;
  const maxDistance = distance * 6;
  return {
    position: sphere.center.clone().addScaledVector(viewDirection, distance),
    target: sphere.center.clone(),
    near: radius / 100,
    far: maxDistance + radius * 2,
    minDistance: radius * 0.25,
    maxDistance,
  };
}

/** Moves camera and controls to `framing`, dropping any damping momentum left from a drag. */
export function applyFraming(framing: Framing, camera: PerspectiveCamera, controls: FramedControls | null): void {
  const damping = controls?.enableDamping ?? false;
  if (controls) {
    controls.enableDamping = false;
    controls.update(); // spends the remaining momentum now, before the camera moves
  }
  camera.zoom = 1;
  camera.position.copy(framing.position);
  camera.near = framing.near;
  camera.far = framing.far;
  camera.lookAt(framing.target);
  camera.updateProjectionMatrix();
  if (controls) {
    controls.target.copy(framing.target);
    controls.minDistance = framing.minDistance;
    controls.maxDistance = framing.maxDistance;
    controls.update();
    controls.enableDamping = damping;
  }
}
