import { AnimationClip, PropertyBinding, type KeyframeTrack, type Object3D } from 'three';

/** The root bone's name in the service's rigs (Mixamo naming, as the library's clips). */
const ROOT = 'Hips';

/**
 * A clip of another rig (an animation library action on its stock rig) made to play on `target`,
 * bone by bone by name: the service's rigs and the library's clips share one naming. Rotations are
 * kept; the root's movement is taken as offsets from the source's rest position, scaled by the two
 * rigs' root heights and added to the target's rest position (a short character does not float at
 * a tall one's hip height). Tracks of bones the target lacks are dropped; null when none is left.
 */
export function retargetClip(clip: AnimationClip, source: Object3D, target: Object3D): AnimationClip | null {
  const sourceRoot = source.getObjectByName(ROOT);
  const targetRoot = target.getObjectByName(ROOT);
  const scale = sourceRoot && targetRoot && Math.abs(sourceRoot.position.y) > 1e-6 ? targetRoot.position.y / sourceRoot.position.y : 1;
  const tracks: KeyframeTrack[] = [];
  for (const track of clip.tracks) {
    const { nodeName, propertyName } = PropertyBinding.parseTrackName(track.name);
    const to = nodeName ? target.getObjectByName(nodeName) : undefined;
    if (!to) continue;
    if (propertyName === 'quaternion') tracks.push(track.clone());
    else if (propertyName === 'position') {
      const from = source.getObjectByName(nodeName);
      if (!from) continue;
      const moved = track.clone();
      const rest = [from.position.x, from.position.y, from.position.z];
      const goal = [to.position.x, to.position.y, to.position.z];
      for (let i = 0; i < moved.values.length; i++) {
        const axis = i % 3;
        moved.values[i] = (goal[axis] as number) + ((moved.values[i] as number) - (rest[axis] as number)) * scale;
      }
      tracks.push(moved);
    }
  }
  return tracks.length > 0 ? new AnimationClip(clip.name, clip.duration, tracks) : null;
}
