import { AnimationClip, Bone, Group, QuaternionKeyframeTrack, VectorKeyframeTrack } from 'three';
import { describe, expect, it } from 'vitest';
import { retargetClip } from './retarget';

/** A rig: Armature → Hips (at `height`) → Spine. */
function rig(height: number, withSpine = true) {
  const root = new Group();
  root.name = 'Armature';
  const hips = new Bone();
  hips.name = 'Hips';
  hips.position.set(0, height, 0);
  root.add(hips);
  if (withSpine) {
    const spine = new Bone();
    spine.name = 'Spine';
    spine.position.set(0, 0.1, 0);
    hips.add(spine);
  }
  return root;
}

const clip = () =>
  new AnimationClip('Jump', 1, [
    new VectorKeyframeTrack('Hips.position', [0, 1], [0, 1.0, 0, 0.1, 1.2, 0]),
    new QuaternionKeyframeTrack('Spine.quaternion', [0, 1], [0, 0, 0, 1, 0, 0.7071, 0, 0.7071]),
    new QuaternionKeyframeTrack('Tail.quaternion', [0, 1], [0, 0, 0, 1, 0, 0, 0, 1]),
  ]);

describe('a library clip moved onto another rig by bone name', () => {
  it("keeps rotations, scales the hips' movement to the rig's height, and drops bones the rig lacks", () => {
    const moved = retargetClip(clip(), rig(1.0), rig(0.5));
    expect(moved?.tracks.map((t) => t.name)).toEqual(['Hips.position', 'Spine.quaternion']);
    // Half as tall: the hips start at its own rest height and rise half as far.
    expect(Array.from(moved?.tracks[0]?.values ?? [])).toEqual([0, 0.5, 0, 0.05, 0.6, 0].map((v) => expect.closeTo(v, 6)));
    expect(Array.from(moved?.tracks[1]?.values ?? [])).toEqual(Array.from(clip().tracks[1]!.values));
    expect(moved?.duration).toBe(1);
  });

  it('gives nothing for a model without any of the bones', () => {
    const plain = new Group();
    expect(retargetClip(clip(), rig(1), plain)).toBeNull();
  });
});
