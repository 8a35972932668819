import type { JointName } from './skeleton';

/**
 * The animation library (docs/live-services.md#3d-generation--animation-library: ids = action_id, names, categories) and each action as a
 * motion: per-frame joint rotations (Euler XYZ, radians, from the bind pose; the model faces +Z)
 * and a hips offset. Arms are first lowered from the rig's rest angle (a T-pose rig walks with its
 * arms down), so every clip reads the same on any fitted rig.
 */
export type Pose = { rot: Partial<Record<JointName, [number, number, number]>>; hips?: [number, number, number] };
export type Motion = { duration: number; loop: boolean; at: (t: number) => Pose };
export type LibraryAction = { id: number; key: string; name: string; category: string; subCategory: string; isDefault: boolean; isFree: boolean; motion: Motion };

const TAU = Math.PI * 2;
const s = Math.sin;

function gait(duration: number, leg: number, arm: number, knee: number, bob: number, elbow = 0): Motion {
  return {
    duration,
    loop: true,
    at: (t) => {
      const p = (t / duration) * TAU;
      return {
        rot: {
          LeftUpLeg: [leg * s(p), 0, 0],
          RightUpLeg: [-leg * s(p), 0, 0],
          LeftLeg: [knee * Math.max(0, s(p + Math.PI / 2)), 0, 0],
          RightLeg: [knee * Math.max(0, -s(p + Math.PI / 2)), 0, 0],
          LeftArm: [-arm * s(p), 0, 0],
          RightArm: [arm * s(p), 0, 0],
          LeftForeArm: [-elbow, 0, 0],
          RightForeArm: [-elbow, 0, 0],
          Spine: [0.04 + bob * 0.5, 0.06 * s(p), 0],
        },
        hips: [0, -bob * 0.1 * Math.abs(s(p)), 0],
      };
    },
  };
}

const idle: Motion = { duration: 3, loop: true, at: (t) => ({ rot: { Spine: [0.03 * s((t / 3) * TAU), 0, 0], Head: [0.02 * s((t / 3) * TAU + 1), 0.05 * s((t / 3) * TAU), 0] } }) };
const alert: Motion = { duration: 2.5, loop: true, at: (t) => ({ rot: { Head: [0, 0.5 * s((t / 2.5) * TAU), 0], Spine: [0.12, 0, 0], LeftUpLeg: [-0.25, 0, 0], RightUpLeg: [-0.25, 0, 0], LeftLeg: [0.45, 0, 0], RightLeg: [0.45, 0, 0] }, hips: [0, -0.05, 0] }) };
const attack: Motion = { duration: 1.2, loop: false, at: (t) => {
  const k = Math.min(1, t / 1.2);
  const swing = k < 0.4 ? -2.2 * (k / 0.4) : -2.2 + 2.8 * ((k - 0.4) / 0.6);
  return { rot: { RightArm: [swing, 0, 0], RightForeArm: [-0.4, 0, 0], Spine: [0.2 * s(k * Math.PI), -0.3 * s(k * Math.PI), 0], LeftUpLeg: [-0.3, 0, 0], RightUpLeg: [0.2, 0, 0] } };
} };
const dead: Motion = { duration: 2, loop: false, at: (t) => {
  const k = Math.min(1, t / 1.4);
  const e = k * k * (3 - 2 * k);
  return { rot: { Hips: [-1.45 * e, 0, 0], LeftArm: [-1.2 * e, 0, 0.6 * e], RightArm: [-1.2 * e, 0, -0.6 * e], Head: [-0.3 * e, 0, 0] }, hips: [0, -0.42 * e, -0.25 * e] };
} };
const dance: Motion = { duration: 2, loop: true, at: (t) => {
  const p = (t / 2) * TAU;
  return { rot: { Hips: [0, 0.3 * s(p), 0.12 * s(p)], LeftArm: [-1.5 - 0.8 * s(p), 0, 1.2], RightArm: [-1.5 + 0.8 * s(p), 0, -1.2], LeftLeg: [0.4 * Math.max(0, s(p)), 0, 0], RightLeg: [0.4 * Math.max(0, -s(p)), 0, 0], Head: [0, 0, 0.2 * s(p * 2)] }, hips: [0, 0.05 * Math.abs(s(p * 2)), 0] };
} };
const agree: Motion = { duration: 1.6, loop: true, at: (t) => ({ rot: { Head: [0.25 * Math.max(0, s((t / 0.8) * TAU)), 0, 0], Neck: [0.08, 0, 0] } }) };
const wave: Motion = { duration: 2, loop: true, at: (t) => ({ rot: { RightArm: [0, 0, -2.6], RightForeArm: [0, 0, -0.35 * s((t / 0.5) * TAU) - 0.2], Head: [0, -0.15, 0] } }) };
const bow: Motion = { duration: 2.4, loop: false, at: (t) => {
  const k = s(Math.min(1, t / 2.4) * Math.PI);
  return { rot: { Spine: [0.7 * k, 0, 0], Spine1: [0.25 * k, 0, 0], Head: [0.2 * k, 0, 0], RightArm: [-0.5 * k, 0, 0.8 * k], RightForeArm: [-1.2 * k, 0, 0] } };
} };
const cheer: Motion = { duration: 1.5, loop: true, at: (t) => {
  const p = (t / 1.5) * TAU;
  return { rot: { LeftArm: [0, 0, 2.7 + 0.2 * s(p)], RightArm: [0, 0, -2.7 - 0.2 * s(p)], LeftForeArm: [0, 0, 0.2], RightForeArm: [0, 0, -0.2], Head: [-0.2, 0, 0], LeftLeg: [0.5 * Math.max(0, -s(p)), 0, 0], RightLeg: [0.5 * Math.max(0, -s(p)), 0, 0] }, hips: [0, 0.12 * Math.max(0, s(p)), 0] };
} };

export const walking = gait(1.1, 0.45, 0.35, 0.7, 0.2);
export const running = gait(0.7, 0.8, 0.7, 1.4, 0.5, 1.2);

const entry = (id: number, key: string, name: string, category: string, subCategory: string, motion: Motion, isDefault = false): LibraryAction => ({ id, key, name, category, subCategory, isDefault, isFree: true, motion });

/** The library's actions (docs/live-services.md#3d-generation--animation-library examples, with their ids and names). */
export const library: readonly LibraryAction[] = [
  entry(0, 'idle', 'Idle', 'DailyActions', 'Standing', idle, true),
  entry(1, 'walking_woman', 'Walking_Woman', 'WalkAndRun', 'Walking', gait(1.0, 0.42, 0.3, 0.65, 0.25), true),
  entry(2, 'alert', 'Alert', 'DailyActions', 'Standing', alert),
  entry(4, 'attack', 'Attack', 'Fighting', 'Melee', attack),
  entry(8, 'dead', 'Dead', 'Fighting', 'Hit', dead),
  entry(16, 'run_fast', 'RunFast', 'WalkAndRun', 'Running', gait(0.6, 0.9, 0.8, 1.5, 0.6, 1.3), true),
  entry(22, 'funny_dancing_01', 'FunnyDancing_01', 'Dancing', 'Fun', dance),
  entry(25, 'agree_gesture', 'Agree_Gesture', 'BodyMovements', 'Gestures', agree),
  entry(28, 'big_wave_hello', 'Big_Wave_Hello', 'BodyMovements', 'Gestures', wave),
  entry(30, 'casual_walk', 'Casual_Walk', 'WalkAndRun', 'Walking', walking),
  entry(41, 'formal_bow', 'Formal_Bow', 'BodyMovements', 'Gestures', bow),
  entry(59, 'victory_cheer', 'Victory_Cheer', 'DailyActions', 'Emotions', cheer),
];

export const actionById = (id: number) => library.find((a) => a.id === id);

/** Words of a text-to-motion prompt and the library action that acts them out (the first that matches; else Idle). */
const motionWords: ReadonlyArray<[RegExp, number]> = [
  [/\b(run|running|sprint|jog)/i, 16],
  [/\b(danc)/i, 22],
  [/\b(wave|waving|hello|greet)/i, 28],
  [/\b(bow|bowing)/i, 41],
  [/\b(cheer|celebrat|victory|win)/i, 59],
  [/\b(attack|punch|strike|fight|swing)/i, 4],
  [/\b(die|dies|dead|fall|collapse)/i, 8],
  [/\b(nod|agree|yes)/i, 25],
  [/\b(alert|look around|scan)/i, 2],
  [/\b(walk|stroll|step)/i, 30],
];
export const actionForPrompt = (prompt: string): LibraryAction => actionById(motionWords.find(([re]) => re.test(prompt))?.[1] ?? 0) ?? library[0]!;
