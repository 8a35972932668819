import type { Document, Node as GNode } from '@gltf-transform/core';
import { addSoup, newDocument, toBytes } from '../mesh/io';
import type { Motion } from './clips';
import { jointNames, type JointName, type Rig } from './skeleton';

export const CLIP_FPS = 24;

type Q = [number, number, number, number];
const qMul = (a: Q, b: Q): Q => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
/** Euler XYZ (intrinsic, as three.js) to a quaternion (x, y, z, w). */
export function qEuler([x, y, z]: readonly [number, number, number]): Q {
  const [c1, c2, c3] = [Math.cos(x / 2), Math.cos(y / 2), Math.cos(z / 2)];
  const [s1, s2, s3] = [Math.sin(x / 2), Math.sin(y / 2), Math.sin(z / 2)];
  return [s1 * c2 * c3 + c1 * s2 * s3, c1 * s2 * c3 - s1 * c2 * s3, c1 * c2 * s3 + s1 * s2 * c3, c1 * c2 * c3 - s1 * s2 * s3];
}

/** The rig's joints as nodes under an "Armature" node (local translations from the bind positions). */
function addArmature(doc: Document, rig: Rig): { root: GNode; nodes: GNode[] } {
  const root = doc.createNode('Armature');
  const nodes = rig.joints.map((j) => doc.createNode(j.name));
  rig.joints.forEach((j, i) => {
    const parent = rig.joints[j.parent];
    nodes[i]!.setTranslation(parent ? [j.at[0] - parent.at[0], j.at[1] - parent.at[1], j.at[2] - parent.at[2]] : j.at);
    (j.parent >= 0 ? nodes[j.parent]! : root).addChild(nodes[i]!);
  });
  return { root, nodes };
}

/** A motion sampled on a rig: frame times, each joint's local rotation per frame (arms lowered from the rest angle) and the hips' position. */
export type SampledClip = { times: Float32Array; rotations: Float32Array[]; hips: Float32Array };

/** Samples a motion at `fps` over `duration` seconds (default: the motion's own; a loop repeats, a one-shot holds its last pose). */
export function sampleClip(rig: Rig, motion: Motion, fps = CLIP_FPS, duration = motion.duration): SampledClip {
  const frames = Math.max(2, Math.round(duration * fps) + 1);
  const times = Float32Array.from({ length: frames }, (_, f) => (f / (frames - 1)) * duration);
  const lower = Math.max(0, rig.armAngle - 0.2);
  const rest: Partial<Record<JointName, Q>> = { LeftArm: qEuler([0, 0, -lower]), RightArm: qEuler([0, 0, lower]) };
  const local = (t: number) => (motion.loop ? (t >= motion.duration ? t % motion.duration : t) : Math.min(t, motion.duration));
  const poses = Array.from(times, (t) => motion.at(local(t)));
  const rotations = jointNames.map((jn) => {
    const values = new Float32Array(frames * 4);
    poses.forEach((p, f) => values.set(qMul(qEuler(p.rot[jn] ?? [0, 0, 0]), rest[jn] ?? [0, 0, 0, 1]), f * 4));
    return values;
  });
  const at = rig.joints[0]!.at;
  const hips = new Float32Array(frames * 3);
  poses.forEach((p, f) => hips.set([at[0] + (p.hips?.[0] ?? 0), at[1] + (p.hips?.[1] ?? 0), at[2] + (p.hips?.[2] ?? 0)], f * 3));
  return { times, rotations, hips };
}

/** Samples a motion into one glTF animation on the armature. */
function addClip(doc: Document, rig: Rig, nodes: GNode[], name: string, motion: Motion) {
  const buffer = doc.getRoot().listBuffers()[0]!;
  const clip = sampleClip(rig, motion);
  const anim = doc.createAnimation(name);
  const input = doc.createAccessor().setType('SCALAR').setArray(clip.times).setBuffer(buffer);
  clip.rotations.forEach((values, i) => {
    const node = nodes[i];
    if (!node) return;
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(doc.createAccessor().setType('VEC4').setArray(values).setBuffer(buffer)).setInterpolation('LINEAR');
    anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler));
  });
  const sampler = doc.createAnimationSampler().setInput(input).setOutput(doc.createAccessor().setType('VEC3').setArray(clip.hips).setBuffer(buffer)).setInterpolation('LINEAR');
  anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(nodes[0]!).setTargetPath('translation').setSampler(sampler));
}

/**
 * A skinned humanoid GLB (the mesh at the scene root, untransformed; the joints under a separate
 * Armature node; JOINTS_0/WEIGHTS_0 and inverse bind matrices), with an optional clip; or, with
 * `armatureOnly`, the skeleton and its clip without the mesh.
 */
export async function writeRigGlb(rig: Rig, opts: { clip?: { name: string; motion: Motion }; armatureOnly?: boolean } = {}): Promise<Uint8Array> {
  const doc = newDocument('Character');
  const scene = doc.getRoot().getDefaultScene()!;
  const { root, nodes } = addArmature(doc, rig);
  scene.addChild(root);
  if (!opts.armatureOnly) {
    const buffer = doc.getRoot().listBuffers()[0]!;
    const meshNode = addSoup(doc, rig.soup, { name: 'Body', vertexColors: true, roughness: 0.8 });
    const prim = meshNode.getMesh()!.listPrimitives()[0]!;
    prim.setAttribute('JOINTS_0', doc.createAccessor().setType('VEC4').setArray(rig.skinJoints).setBuffer(buffer));
    prim.setAttribute('WEIGHTS_0', doc.createAccessor().setType('VEC4').setArray(rig.skinWeights).setBuffer(buffer));
    const ibm = new Float32Array(rig.joints.length * 16);
    rig.joints.forEach((j, i) => ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -j.at[0], -j.at[1], -j.at[2], 1], i * 16));
    const skin = doc.createSkin('Skin').setSkeleton(nodes[0]!).setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(buffer));
    for (const n of nodes) skin.addJoint(n);
    meshNode.setSkin(skin);
    scene.addChild(meshNode);
  }
  if (opts.clip) addClip(doc, rig, nodes, opts.clip.name, opts.clip.motion);
  return toBytes(doc);
}

/** A rig as JSON (kept beside a rig task's files, so animation tasks reuse the same fit). */
export const rigToJson = (rig: Rig) =>
  JSON.stringify({
    joints: rig.joints,
    armAngle: rig.armAngle,
    positions: Array.from(rig.soup.positions),
    indices: Array.from(rig.soup.indices),
    colors: rig.soup.colors ? Array.from(rig.soup.colors) : null,
    skinJoints: Array.from(rig.skinJoints),
    skinWeights: Array.from(rig.skinWeights),
  });

export function rigFromJson(text: string): Rig {
  const j = JSON.parse(text) as { joints: Rig['joints']; armAngle: number; positions: number[]; indices: number[]; colors: number[] | null; skinJoints: number[]; skinWeights: number[] };
  return {
    joints: j.joints,
    armAngle: j.armAngle,
    soup: { positions: Float32Array.from(j.positions), indices: Uint32Array.from(j.indices), uvs: null, colors: j.colors ? Float32Array.from(j.colors) : null },
    skinJoints: Uint8Array.from(j.skinJoints),
    skinWeights: Float32Array.from(j.skinWeights),
  };
}
