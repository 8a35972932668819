import { bounds, mapPositions, size, type Soup } from '../mesh/soup';

/**
 * A humanoid skeleton fitted to a standing biped, and skin weights binding the mesh to it.
 * Joint names follow the common Mixamo naming, so the clips read the same on any rig.
 */
export type V3 = [number, number, number];
export type Joint = { name: string; parent: number; at: V3 };
export type Rig = { soup: Soup; joints: Joint[]; skinJoints: Uint8Array; skinWeights: Float32Array; armAngle: number };

export const jointNames = [
  'Hips', 'Spine', 'Spine1', 'Neck', 'Head',
  'LeftArm', 'LeftForeArm', 'LeftHand', 'RightArm', 'RightForeArm', 'RightHand',
  'LeftUpLeg', 'LeftLeg', 'LeftFoot', 'RightUpLeg', 'RightLeg', 'RightFoot',
] as const;
export type JointName = (typeof jointNames)[number];

/** Fits the skeleton to a model scaled to `height` metres (origin at its feet) and skins it. */
export function fitRig(input: Soup, height: number): Rig {
  const b0 = bounds(input.positions);
  const [, h0] = size(b0);
  const s = height / Math.max(h0, 1e-9);
  const cx = (b0.min[0] + b0.max[0]) / 2, cz = (b0.min[2] + b0.max[2]) / 2;
  const soup = mapPositions(input, (x, y, z) => [(x - cx) * s, (y - b0.min[1]) * s, (z - cz) * s]);
  const H = height;
  const P = soup.positions;
  // Feet: the mean x of each side near the floor; hands: the farthest points above the hips.
  const side = (sign: number, test: (y: number) => boolean) => {
    let sum = 0, n = 0, far = 0, farAt: V3 = [sign * 0.25 * H, 0.5 * H, 0];
    for (let i = 0; i < P.length; i += 3) {
      const x = P[i]!, y = P[i + 1]!;
      if (!test(y) || Math.sign(x) !== sign) continue;
      sum += x;
      n++;
      if (Math.abs(x) > far) {
        far = Math.abs(x);
        farAt = [x, y, P[i + 2]!];
      }
    }
    return { mean: n ? sum / n : sign * 0.06 * H, far: farAt };
  };
  const footX = (sg: number) => side(sg, (y) => y < 0.08 * H).mean;
  const handAt = (sg: number) => side(sg, (y) => y > 0.45 * H && y < 0.95 * H).far;
  const shoulderY = 0.8 * H;
  const joints: Joint[] = [];
  const add = (name: JointName, parent: JointName | null, at: V3) => joints.push({ name, parent: parent ? jointNames.indexOf(parent) : -1, at });
  add('Hips', null, [0, 0.52 * H, 0]);
  add('Spine', 'Hips', [0, 0.62 * H, 0]);
  add('Spine1', 'Spine', [0, 0.72 * H, 0]);
  add('Neck', 'Spine1', [0, 0.84 * H, 0]);
  add('Head', 'Neck', [0, 0.9 * H, 0]);
  let armAngle = 0;
  for (const [sg, prefix] of [[1, 'Left'], [-1, 'Right']] as const) {
    const shoulder: V3 = [sg * 0.11 * H, shoulderY, 0];
    const hand = handAt(sg);
    if (Math.abs(hand[0]) < Math.abs(shoulder[0]) + 0.05 * H) hand.splice(0, 3, sg * 0.2 * H, 0.5 * H, 0);
    const lerp = (k: number): V3 => [shoulder[0] + (hand[0] - shoulder[0]) * k, shoulder[1] + (hand[1] - shoulder[1]) * k, shoulder[2] + (hand[2] - shoulder[2]) * k];
    armAngle = Math.atan2(Math.abs(hand[0] - shoulder[0]), shoulder[1] - hand[1]);
    add(`${prefix}Arm`, 'Spine1', shoulder);
    add(`${prefix}ForeArm`, `${prefix}Arm`, lerp(0.5));
    add(`${prefix}Hand`, `${prefix}ForeArm`, lerp(0.9));
    const fx = footX(sg);
    add(`${prefix}UpLeg`, 'Hips', [fx, 0.5 * H, 0]);
    add(`${prefix}Leg`, `${prefix}UpLeg`, [fx, 0.27 * H, 0]);
    add(`${prefix}Foot`, `${prefix}Leg`, [fx, 0.05 * H, 0]);
  }
  joints.sort((a, b) => jointNames.indexOf(a.name as JointName) - jointNames.indexOf(b.name as JointName));
  const { skinJoints, skinWeights } = skin(soup, joints);
  return { soup, joints, skinJoints, skinWeights, armAngle };
}

/** The bone of each joint runs to its first child (leaves: a short stub). */
function segments(joints: Joint[]): Array<[V3, V3]> {
  return joints.map((j, i) => {
    const child = joints.findIndex((c) => c.parent === i);
    const end: V3 = child >= 0 ? joints[child]!.at : [j.at[0] + (j.at[0] - (joints[j.parent]?.at[0] ?? j.at[0])) * 0.5, j.at[1] + (j.name === 'Head' ? 0.1 : -0.04), j.at[2]];
    return [j.at, end];
  });
}

function distToSegment(p: V3, [a, b]: [V3, V3]): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const t = Math.max(0, Math.min(1, (ap[0]! * ab[0]! + ap[1]! * ab[1]! + ap[2]! * ab[2]!) / Math.max(1e-12, ab[0]! ** 2 + ab[1]! ** 2 + ab[2]! ** 2)));
  return Math.hypot(ap[0]! - ab[0]! * t, ap[1]! - ab[1]! * t, ap[2]! - ab[2]! * t);
}

/** Two bones per vertex, weighted by inverse distance (to the 4th power) to each bone segment. */
function skin(soup: Soup, joints: Joint[]) {
  const segs = segments(joints);
  const n = soup.positions.length / 3;
  const skinJoints = new Uint8Array(n * 4);
  const skinWeights = new Float32Array(n * 4);
  for (let v = 0; v < n; v++) {
    const p: V3 = [soup.positions[v * 3]!, soup.positions[v * 3 + 1]!, soup.positions[v * 3 + 2]!];
    let best = [-1, -1], bestD = [Infinity, Infinity];
    segs.forEach((seg, j) => {
      const d = distToSegment(p, seg);
      if (d < bestD[0]!) {
        best = [j, best[0]!];
        bestD = [d, bestD[0]!];
      } else if (d < bestD[1]!) {
        best[1] = j;
        bestD[1] = d;
      }
    });
    const w0 = 1 / Math.max(1e-6, bestD[0]!) ** 4, w1 = best[1]! >= 0 ? 1 / Math.max(1e-6, bestD[1]!) ** 4 : 0;
    skinJoints[v * 4] = best[0]!;
    skinJoints[v * 4 + 1] = Math.max(0, best[1]!);
    skinWeights[v * 4] = w0 / (w0 + w1);
    skinWeights[v * 4 + 1] = w1 / (w0 + w1);
  }
  return { skinJoints, skinWeights };
}
