import { shade } from '../palette';
import type { MaterialSpec, Pose } from '../types';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { between, box, capsule, cone, cyl, dome, extrude, lathe, slab, sphere } from './kit';
import type { V3 } from './kit';

/** Arm angle from hanging straight down: t-pose horizontal, a-pose ~45°, otherwise relaxed. */
export function armAngle(pose: Pose): number {
  return pose === 't-pose' ? Math.PI / 2 : pose === 'a-pose' ? Math.PI / 4 : 0.2;
}

type Arm = { shoulder: V3; elbow: V3; wrist: V3; hand: V3 };

function arms(pose: Pose, shoulderY: number, shoulderX: number, len: number): Arm[] {
  const a = armAngle(pose);
  return [-1, 1].map((s) => {
    const d: V3 = [s * Math.sin(a), -Math.cos(a), 0];
    const at = (k: number): V3 => [s * shoulderX + d[0] * len * k, shoulderY + d[1] * len * k, 0];
    return { shoulder: at(0), elbow: at(0.5), wrist: at(0.92), hand: at(1.02) };
  });
}

function humanoid(c: RecipeCtx): void {
  const { rng } = c;
  const knight = c.has('knight', 'warrior', 'soldier', 'paladin', 'guard');
  const wizard = c.has('wizard', 'witch', 'mage', 'sorcerer');
  const astronaut = c.has('astronaut', 'spaceman', 'cosmonaut');
  const cloth = primaryMat(c, 'fabric', { name: 'clothes' });
  const skin = mats.skin();
  const suit: MaterialSpec = knight ? mats.metal({ name: 'armor' }) : astronaut ? mats.white({ name: 'suit' }) : cloth;
  const legMat = knight || astronaut ? suit : mats.fabric(shade(c.secondary, 0.45), { name: 'trousers' });
  const boots = mats.dark({ name: 'boots', roughness: 0.6 });
  const hipY = rng.range(0.88, 0.96);
  const shoulderY = hipY + rng.range(0.48, 0.54);
  const headY = shoulderY + 0.22;
  const bulk = rng.range(0.92, 1.12);
  for (const s of [-1, 1]) {
    c.add(legMat, between([s * 0.1, hipY, 0], [s * 0.11, 0.5, 0.01], 0.075 * bulk), between([s * 0.11, 0.5, 0.01], [s * 0.11, 0.14, 0], 0.062 * bulk));
    c.add(boots, slab(0.13, 0.1, 0.27, [s * 0.11, 0.05, 0.04], 0.05));
  }
  c.add(legMat, sphere(0.17 * bulk, { at: [0, hipY, 0], scale: [1.1, 0.6, 0.75] }));
  c.add(suit, capsule(0.17 * bulk, shoulderY - hipY - 0.12, { at: [0, (hipY + shoulderY) / 2 + 0.02, 0], scale: [1.1, 1, 0.7] }, 24));
  c.add(skin, cyl(0.05, 0.06, 0.12, { at: [0, shoulderY + 0.06, 0] }, 16));
  c.add(skin, sphere(0.12, { at: [0, headY, 0], scale: [0.95, 1.1, 1] }, 28, 20));
  const dark = mats.dark({ name: 'eyes' });
  for (const s of [-1, 1]) c.add(dark, sphere(0.016, { at: [s * 0.042, headY + 0.02, 0.108] }, 10, 8));
  for (const arm of arms(c.pose, shoulderY - 0.04, 0.24 * bulk, 0.62)) {
    c.add(suit, sphere(0.075 * bulk, { at: arm.shoulder }), between(arm.shoulder, arm.elbow, 0.058 * bulk));
    c.add(knight || astronaut ? suit : skin, between(arm.elbow, arm.wrist, 0.05 * bulk));
    c.add(knight ? suit : skin, sphere(0.055, { at: arm.hand, scale: [0.8, 1.1, 0.6] }));
  }
  const [left, right] = arms(c.pose, shoulderY - 0.04, 0.24 * bulk, 0.62);
  if (!left || !right) return;
  if (knight) {
    c.add(suit, cyl(0.14, 0.135, 0.22, { at: [0, headY - 0.01, 0] }, 28), dome(0.14, { at: [0, headY + 0.1, 0] }));
    c.add(dark, box(0.2, 0.025, 0.03, { at: [0, headY + 0.03, 0.13] }, 1));
    for (const arm of [left, right]) c.add(suit, dome(0.11, { at: [arm.shoulder[0], arm.shoulder[1] + 0.02, 0] }));
    c.add(cloth, box(0.3, 0.5, 0.02, { at: [0, hipY + 0.2, 0.13] }, 3));
    const shield: Array<[number, number]> = [[-0.2, 0.25], [0.2, 0.25], [0.2, 0.0], [0.1, -0.2], [0, -0.28], [-0.1, -0.2], [-0.2, 0]];
    c.add(cloth, extrude(shield, 0.04, { at: [left.hand[0], left.hand[1] + 0.05, 0.12] }, 0.015));
    const blade = mats.metal({ name: 'blade', roughness: 0.15 });
    const [hx, hy] = right.hand;
    c.add(blade, box(0.05, 0.8, 0.015, { at: [hx, hy + 0.55, 0] }, 2), box(0.24, 0.04, 0.04, { at: [hx, hy + 0.12, 0] }, 1));
  } else if (wizard) {
    c.add(cloth, lathe([[0.36, 0.1], [0.3, 0.5], [0.21, shoulderY - 0.05], [0.1, shoulderY + 0.02]], {}, 40));
    c.add(cloth, cyl(0.28, 0.28, 0.02, { at: [0, headY + 0.09, 0] }, 40), cone(0.15, 0.45, { at: [0, headY + 0.32, 0], rot: [-0.2, 0, 0] }, 28));
    c.add(mats.white({ name: 'beard' }), cone(0.09, 0.28, { at: [0, headY - 0.17, 0.08], rot: [Math.PI, 0, 0] }, 20));
    const [hx, hy] = right.hand;
    c.add(mats.wood({ name: 'staff' }), cyl(0.022, 0.025, 1.3, { at: [hx, hy + 0.1, 0.03] }, 12));
    c.add(mats.light({ name: 'orb' }), sphere(0.07, { at: [hx, hy + 0.8, 0.03] }));
  } else if (astronaut) {
    c.add(mats.glass({ name: 'visor', roughness: 0.05 }), sphere(0.2, { at: [0, headY, 0.02] }, 32, 20));
    c.add(suit, slab(0.36, 0.45, 0.16, [0, shoulderY - 0.2, -0.2], 0.05));
    c.add(cloth, box(0.18, 0.12, 0.03, { at: [0, shoulderY - 0.15, 0.13] }, 2));
  } else {
    const hair = mats.fabric(rng.pick([[0.2, 0.12, 0.06], [0.08, 0.07, 0.06], [0.75, 0.55, 0.25]] as const), { name: 'hair' });
    c.add(hair, dome(0.128, { at: [0, headY + 0.012, -0.008], scale: [1, 1.05, 1.05] }, 28, 10));
    c.add(cloth, capsule(0.18 * bulk, 0.1, { at: [0, hipY + 0.05, 0], scale: [1.05, 1, 0.72] }, 24));
  }
}

function robot(c: RecipeCtx): void {
  const { rng } = c;
  const paint = primaryMat(c, 'tiles', { name: 'plating', roughness: 0.4, metallic: 0.5 });
  const joints = mats.metal({ name: 'joints' }, [0.5, 0.52, 0.55]);
  const glow = mats.light({ name: 'eyes', emissive: [0.3, 0.9, 1] });
  glow.color = [0.55, 0.95, 1];
  const boxy = rng.range(0.9, 1.15);
  const hipY = 0.75;
  for (const s of [-1, 1]) {
    c.add(joints, between([s * 0.15, hipY, 0], [s * 0.15, 0.15, 0], 0.06, 'cyl'), sphere(0.08, { at: [s * 0.15, 0.45, 0] }));
    c.add(paint, slab(0.22, 0.12, 0.34, [s * 0.15, 0.06, 0.04], 0.04), slab(0.2, 0.28, 0.2, [s * 0.15, 0.3, 0], 0.04));
  }
  c.add(joints, slab(0.44, 0.14, 0.26, [0, hipY, 0], 0.05));
  const torsoH = 0.62 * boxy;
  const torsoY = hipY + 0.1 + torsoH / 2;
  c.add(paint, slab(0.62 * boxy, torsoH, 0.4, [0, torsoY, 0], 0.08));
  c.add(glow, box(0.2, 0.12, 0.02, { at: [0, torsoY + 0.08, 0.2] }, 2));
  const topY = torsoY + torsoH / 2;
  c.add(joints, cyl(0.06, 0.06, 0.08, { at: [0, topY + 0.04, 0] }, 16));
  const headS = rng.range(0.3, 0.4);
  const headY = topY + 0.08 + headS / 2;
  c.add(paint, slab(headS * 1.1, headS, headS, [0, headY, 0], 0.06));
  for (const s of [-1, 1]) c.add(glow, cyl(0.04, 0.04, 0.03, { at: [s * headS * 0.25, headY + 0.03, headS / 2], rot: [Math.PI / 2, 0, 0] }, 20));
  c.add(joints, cyl(0.012, 0.012, 0.2, { at: [0, headY + headS / 2 + 0.1, 0] }, 8));
  c.add(glow, sphere(0.035, { at: [0, headY + headS / 2 + 0.21, 0] }));
  for (const arm of arms(c.pose, topY - 0.08, 0.31 * boxy + 0.06, 0.62)) {
    c.add(joints, sphere(0.09, { at: arm.shoulder }), between(arm.shoulder, arm.wrist, 0.05, 'cyl'), sphere(0.065, { at: arm.elbow }));
    c.add(paint, between(arm.shoulder, arm.elbow, 0.075, 'capsule'));
    c.add(joints, sphere(0.07, { at: arm.hand, scale: [1, 0.8, 1] }));
  }
}

export const figureRecipes: Recipe[] = [
  { id: 'robot', words: ['robot', 'mech', 'android', 'droid', 'cyborg', 'automaton'], build: robot },
  {
    id: 'humanoid',
    words: ['character', 'person', 'human', 'humanoid', 'man', 'woman', 'knight', 'warrior', 'soldier', 'wizard', 'witch', 'mage',
      'boy', 'girl', 'hero', 'astronaut', 'mannequin', 'figure', 'people', 'paladin', 'guard', 'sorcerer', 'spaceman', 'avatar'],
    build: humanoid,
  },
];
