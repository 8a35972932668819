import type { Motion } from './clips';
import { sampleClip } from './glb';
import type { Rig } from './skeleton';

/** Frames per second of the sandbox's motion files. */
export const BVH_FPS = 30;

const deg = (r: number) => (r * 180) / Math.PI;
const f4 = (n: number) => (Math.abs(n) < 5e-7 ? '0' : n.toFixed(4));

/** A unit quaternion (x, y, z, w) as Euler angles in the XYZ order of the channels below (radians; as three.js `Euler.setFromQuaternion(q, 'XYZ')`). */
export function eulerXyz(x: number, y: number, z: number, w: number): [number, number, number] {
  const m11 = 1 - 2 * (y * y + z * z);
  const m12 = 2 * (x * y - z * w);
  const m13 = 2 * (x * z + y * w);
  const m22 = 1 - 2 * (x * x + z * z);
  const m23 = 2 * (y * z - x * w);
  const m32 = 2 * (y * z + x * w);
  const m33 = 1 - 2 * (x * x + y * y);
  const ey = Math.asin(Math.max(-1, Math.min(1, m13)));
  return Math.abs(m13) < 0.9999999 ? [Math.atan2(-m23, m33), ey, Math.atan2(-m12, m11)] : [Math.atan2(m32, m22), ey, 0];
}

/**
 * A motion on a rig as a BVH file (the text-to-motion result's `motion_format: "bvh"`): the rig's
 * joints as the HIERARCHY (offsets in metres from each parent; the hips at their place above the
 * origin), then one line per frame: the hips' position and every joint's rotation in degrees, in
 * the order the channels name them (X, Y, Z: the intrinsic XYZ order three.js and Blender read).
 */
export function writeBvh(rig: Rig, motion: Motion, duration: number, fps = BVH_FPS): string {
  const clip = sampleClip(rig, motion, fps, duration);
  const children = rig.joints.map((_, i) => rig.joints.flatMap((j, k) => (j.parent === i ? [k] : [])));
  const lines: string[] = ['HIERARCHY'];
  const order: number[] = [];
  const joint = (i: number, depth: number) => {
    const j = rig.joints[i]!;
    const pad = '  '.repeat(depth);
    const parent = rig.joints[j.parent];
    const offset = parent ? [j.at[0] - parent.at[0], j.at[1] - parent.at[1], j.at[2] - parent.at[2]] : j.at;
    order.push(i);
    lines.push(`${pad}${parent ? 'JOINT' : 'ROOT'} ${j.name}`, `${pad}{`, `${pad}  OFFSET ${offset.map(f4).join(' ')}`);
    lines.push(`${pad}  CHANNELS ${parent ? '3' : '6 Xposition Yposition Zposition'} Xrotation Yrotation Zrotation`);
    const kids = children[i] ?? [];
    if (kids.length) for (const k of kids) joint(k, depth + 1);
    else lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET 0 0.05 0`, `${pad}  }`);
    lines.push(`${pad}}`);
  };
  rig.joints.forEach((j, i) => j.parent < 0 && joint(i, 0));
  const frames = clip.times.length;
  lines.push('MOTION', `Frames: ${frames}`, `Frame Time: ${(1 / fps).toFixed(6)}`);
  for (let f = 0; f < frames; f++) {
    const values: number[] = [];
    for (const i of order) {
      if (rig.joints[i]!.parent < 0) values.push(clip.hips[f * 3]!, clip.hips[f * 3 + 1]!, clip.hips[f * 3 + 2]!);
      const q = clip.rotations[i]!;
      values.push(...eulerXyz(q[f * 4]!, q[f * 4 + 1]!, q[f * 4 + 2]!, q[f * 4 + 3]!).map(deg));
    }
    lines.push(values.map(f4).join(' '));
  }
  return `${lines.join('\n')}\n`;
}
