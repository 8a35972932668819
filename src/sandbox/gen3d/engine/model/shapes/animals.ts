import { mix } from '../palette';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { between, capsule, cone, sphere } from './kit';
import type { V3 } from './kit';

function bird(c: RecipeCtx): void {
  const { rng } = c;
  const duck = c.has('duck', 'duckling', 'goose', 'swan');
  const feathers = primaryMat(c, 'scales', { name: 'feathers', roughness: 0.7 });
  const beakMat = mats.secondary(c, 'noise', { name: 'beak' });
  beakMat.color = [0.98, 0.55, 0.1];
  const eye = mats.dark({ name: 'eyes' });
  const bodyY = duck ? 0.42 : 0.62;
  const bodyL = rng.range(0.5, 0.6);
  c.add(feathers, sphere(bodyL, { at: [0, bodyY, 0], scale: [1, 0.7, 0.75] }, 36, 24));
  c.add(feathers, cone(0.2, 0.4, { at: [-bodyL * 0.95, bodyY + 0.18, 0], rot: [0, 0, 1.1], scale: [1, 1, 0.6] }, 20));
  const head: V3 = [bodyL * 0.62, bodyY + (duck ? 0.5 : 0.42), 0];
  c.add(feathers, between([bodyL * 0.45, bodyY + 0.1, 0], head, 0.15));
  c.add(feathers, sphere(0.24, { at: head }, 30, 20));
  if (duck) c.add(beakMat, sphere(0.16, { at: [head[0] + 0.24, head[1] - 0.05, 0], scale: [1, 0.3, 0.7] }, 20, 12));
  else c.add(beakMat, cone(0.07, 0.22, { at: [head[0] + 0.3, head[1] - 0.02, 0], rot: [0, 0, -Math.PI / 2] }, 16));
  for (const s of [-1, 1]) {
    c.add(eye, sphere(0.035, { at: [head[0] + 0.14, head[1] + 0.06, s * 0.17] }, 12, 8));
    c.add(feathers, sphere(0.32, { at: [-0.05, bodyY + 0.08, s * bodyL * 0.68], rot: [s * 0.25, 0, -0.25], scale: [1.1, 0.45, 0.18] }, 24, 14));
  }
  if (!duck) {
    for (const s of [-1, 1]) {
      c.add(beakMat, between([0, bodyY - 0.3, s * 0.12], [0.02, 0.04, s * 0.12], 0.022, 'cyl'));
      c.add(beakMat, capsule(0.025, 0.12, { at: [0.08, 0.025, s * 0.12], rot: [0, 0, Math.PI / 2] }, 10));
    }
  }
}

function quadruped(c: RecipeCtx): void {
  const { rng } = c;
  const big = c.has('horse', 'cow', 'deer', 'elephant', 'bear', 'pony', 'giraffe');
  const cat = c.has('cat', 'kitten', 'fox', 'tiger', 'lion', 'wolf');
  const fur = primaryMat(c, cat ? 'stripes' : 'noise', { name: 'fur', roughness: 0.85 });
  const pale = mats.fabric(mix(c.primary, [0.95, 0.92, 0.85], 0.6), { name: 'muzzle' });
  const dark = mats.dark({ name: 'eyes' });
  const legLen = big ? rng.range(0.75, 0.9) : rng.range(0.35, 0.5);
  const bodyR = big ? 0.3 : rng.range(0.2, 0.26);
  const bodyLen = big ? 0.8 : rng.range(0.5, 0.7);
  const bodyY = legLen + bodyR * 0.6;
  c.add(fur, capsule(bodyR, bodyLen, { at: [0, bodyY, 0], rot: [0, 0, Math.PI / 2] }, 28));
  for (const sx of [-1, 1])
    for (const sz of [-1, 1]) {
      const top: V3 = [sx * bodyLen * 0.45, bodyY - 0.05, sz * bodyR * 0.55];
      c.add(fur, between(top, [top[0], 0.06, top[2]], bodyR * 0.32, 'capsule'));
      c.add(pale, sphere(bodyR * 0.34, { at: [top[0] + 0.03, 0.05, top[2]], scale: [1.3, 0.6, 1] }, 14, 8));
    }
  const neckTop: V3 = [bodyLen * 0.5 + bodyR * 0.5, bodyY + bodyR * (big ? 1.6 : 1.1), 0];
  c.add(fur, between([bodyLen * 0.45, bodyY + 0.05, 0], neckTop, bodyR * 0.5));
  const headR = bodyR * (big ? 0.75 : 0.9);
  c.add(fur, sphere(headR, { at: neckTop, scale: [1.1, 1, 0.95] }, 28, 18));
  const snoutL = cat ? headR * 0.5 : headR * (big ? 1.2 : 0.8);
  c.add(pale, capsule(headR * 0.45, snoutL, { at: [neckTop[0] + headR * 0.7 + snoutL * 0.3, neckTop[1] - headR * 0.3, 0], rot: [0, 0, Math.PI / 2] }, 18));
  c.add(dark, sphere(headR * 0.15, { at: [neckTop[0] + headR * 0.8 + snoutL * 0.7, neckTop[1] - headR * 0.2, 0] }, 12, 8));
  for (const s of [-1, 1]) {
    c.add(dark, sphere(headR * 0.12, { at: [neckTop[0] + headR * 0.75, neckTop[1] + headR * 0.25, s * headR * 0.45] }, 12, 8));
    if (cat) c.add(fur, cone(headR * 0.35, headR * 0.7, { at: [neckTop[0] - headR * 0.1, neckTop[1] + headR * 0.95, s * headR * 0.5], rot: [s * 0.25, 0, 0] }, 16));
    else c.add(fur, sphere(headR * 0.4, { at: [neckTop[0] - headR * 0.2, neckTop[1] + headR * 0.3, s * headR * 0.95], rot: [s * 0.4, 0, 0.3], scale: [0.7, 1.2, 0.25] }, 16, 10));
  }
  let p: V3 = [-bodyLen * 0.5 - bodyR * 0.6, bodyY + bodyR * 0.3, 0];
  const curl = rng.range(0.3, 0.9);
  for (let i = 0; i < 5; i++) {
    const q: V3 = [p[0] - 0.08, p[1] + 0.09 * Math.cos(i * curl * 0.6), 0];
    c.add(fur, between(p, q, bodyR * (0.22 - i * 0.025)));
    p = q;
  }
}

export const animalRecipes: Recipe[] = [
  { id: 'bird', words: ['duck', 'duckling', 'bird', 'chicken', 'hen', 'goose', 'swan', 'parrot', 'owl', 'sparrow', 'pigeon', 'eagle'], hue: [44, 56], build: bird },
  {
    id: 'animal',
    words: ['cat', 'kitten', 'dog', 'puppy', 'fox', 'wolf', 'horse', 'pony', 'cow', 'pig', 'bear', 'deer', 'animal', 'tiger', 'lion', 'sheep', 'goat', 'elephant'],
    hue: [20, 40],
    build: quadruped,
  },
];
