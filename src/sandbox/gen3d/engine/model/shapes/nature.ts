import { hsl, shade } from '../palette';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { between, cone, cyl, dome, faceted, lathe, slab, sphere, torus } from './kit';
import type { V3 } from './kit';

function tree(c: RecipeCtx): void {
  const { rng } = c;
  const bark = mats.bark();
  const leaves = primaryMat(c, 'leaves', { name: 'foliage', roughness: 0.8 });
  leaves.accent = shade(c.primary, 0.55);
  if (c.has('pine', 'fir', 'spruce', 'christmas', 'conifer', 'evergreen')) {
    c.add(bark, cyl(0.08, 0.12, 0.5, { at: [0, 0.25, 0] }, 16));
    const tiers = rng.int(3, 5);
    for (let i = 0; i < tiers; i++) {
      const r = 0.75 * (1 - i / (tiers + 0.5));
      c.add(leaves, cone(r, 0.75, { at: [0, 0.55 + i * 0.38, 0], rot: [0, rng.range(0, 1), 0] }, 48));
      c.add(leaves, torus(r * 0.93, 0.05, { at: [0, 0.2 + i * 0.38, 0], rot: [Math.PI / 2, 0, 0] }, 8, 48));
    }
    return;
  }
  if (c.has('palm')) {
    let p: V3 = [0, 0, 0];
    const lean = rng.range(0.05, 0.12);
    for (let i = 0; i < 8; i++) {
      const q: V3 = [p[0] + lean * (1 + i * 0.15) * 0.3, p[1] + 0.24, 0];
      c.add(bark, between(p, q, 0.09 - i * 0.005, 'cyl', 0.085 - i * 0.005));
      p = q;
    }
    const fronds = rng.int(6, 9);
    for (let i = 0; i < fronds; i++) {
      const a = (i / fronds) * Math.PI * 2;
      const [dx, dz] = [Math.cos(a), Math.sin(a)];
      c.add(leaves, sphere(0.42, { at: [p[0] + dx * 0.38, p[1] - 0.1, dz * 0.38], rot: [0, -a, -0.45], scale: [1, 0.06, 0.22] }, 20, 10));
    }
    c.add(mats.wood({ name: 'coconut' }, [0.35, 0.22, 0.1]), sphere(0.07, { at: [p[0] + 0.06, p[1] - 0.08, 0.04] }));
    return;
  }
  // broadleaf: trunk, a few branches and a cluster of leafy blobs
  const trunkH = rng.range(0.7, 1.0);
  c.add(bark, cyl(0.09, 0.15, trunkH, { at: [0, trunkH / 2, 0] }, 20), cyl(0.15, 0.22, 0.12, { at: [0, 0.06, 0] }, 20));
  const blobs = rng.int(6, 9);
  for (let i = 0; i < blobs; i++) {
    const a = (i / blobs) * Math.PI * 2 + rng.range(0, 0.5);
    const rad = i === 0 ? 0 : rng.range(0.3, 0.5);
    const at: V3 = [Math.cos(a) * rad, trunkH + 0.35 + rng.range(-0.1, 0.35) + (i === 0 ? 0.3 : 0), Math.sin(a) * rad];
    if (i > 0) c.add(bark, between([0, trunkH - 0.15, 0], [at[0] * 0.7, at[1] - 0.15, at[2] * 0.7], 0.04, 'cyl', 0.02));
    c.add(leaves, sphere(rng.range(0.35, 0.5), { at, scale: [1, 0.85, 1] }, 22, 14));
  }
}

function mushroom(c: RecipeCtx): void {
  const { rng } = c;
  const stem = mats.white({ name: 'stem', accent: [0.8, 0.75, 0.62] });
  const cap = primaryMat(c, 'spots', { name: 'cap', accent: [0.96, 0.94, 0.88] });
  const spots = mats.white({ name: 'spots' });
  const count = rng.int(1, 3);
  for (let m = 0; m < count; m++) {
    const s = m === 0 ? 1 : rng.range(0.4, 0.6);
    const ox = m === 0 ? 0 : Math.cos(m * 2.3) * 0.55;
    const oz = m === 0 ? 0 : Math.sin(m * 2.3) * 0.55;
    const h = 0.75 * s;
    c.add(stem, lathe([[0, 0], [0.2 * s, 0], [0.16 * s, h * 0.5], [0.14 * s, h], [0, h]], { at: [ox, 0, oz] }, 28));
    const r = rng.range(0.45, 0.6) * s;
    c.add(cap, dome(r, { at: [ox, h - 0.02, oz], scale: [1, 0.7, 1] }, 40, 14));
    c.add(cap, cyl(r, r * 0.85, 0.05 * s, { at: [ox, h - 0.04, oz] }, 40));
    for (let i = 0; i < 7; i++) {
      const a = i * 2.1 + m;
      const t = i === 0 ? 0 : 0.35 + (i % 3) * 0.15;
      const [x, z] = [Math.cos(a) * Math.sin(t * 1.3) * r, Math.sin(a) * Math.sin(t * 1.3) * r];
      const y = h - 0.02 + Math.cos(t * 1.3) * r * 0.7;
      c.add(spots, sphere(0.06 * s, { at: [ox + x, y, oz + z], scale: [1, 0.45, 1] }, 12, 8));
    }
  }
}

function flower(c: RecipeCtx): void {
  const { rng } = c;
  const green = mats.leaves(hsl(110, 0.55, 0.32), { name: 'stem' });
  const petals = primaryMat(c, 'stripes', { name: 'petals' });
  const heart = mats.secondary(c, 'spots', { name: 'centre' });
  heart.color = [0.95, 0.75, 0.15];
  const pot = mats.stone({ name: 'pot' }, [0.72, 0.38, 0.22]);
  pot.pattern = 'stripes';
  c.add(pot, lathe([[0, 0], [0.22, 0], [0.3, 0.38], [0.34, 0.4], [0.34, 0.45], [0.28, 0.45], [0.26, 0.42], [0, 0.42]], {}, 36));
  const top: V3 = [rng.range(-0.05, 0.05), 1.3, 0];
  c.add(green, between([0, 0.4, 0], top, 0.025, 'cyl'));
  for (const s of [-1, 1]) c.add(green, sphere(0.16, { at: [s * 0.1, 0.7 + s * 0.1, 0], rot: [0, 0, s * 0.6], scale: [1, 0.15, 0.45] }, 16, 8));
  const n = rng.int(5, 9);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    c.add(petals, sphere(0.17, { at: [top[0] + Math.cos(a) * 0.16, top[1], Math.sin(a) * 0.16 + 0.02], rot: [Math.PI / 2 - 0.25, 0, a], scale: [1, 0.5, 0.1] }, 18, 10));
  }
  c.add(heart, sphere(0.09, { at: [top[0], top[1], 0.05], scale: [1, 1, 0.6] }, 18, 12));
}

function crystal(c: RecipeCtx): void {
  const { rng } = c;
  const gem = primaryMat(c, 'facets', { name: 'crystal', roughness: 0.1 });
  if (c.has('diamond', 'gem', 'gemstone', 'jewel', 'ruby', 'sapphire')) {
    const n = rng.pick([8, 10, 12]);
    c.add(gem, faceted(lathe([[0, 0.35], [0.5, 0.8], [0.75, 1.1], [0.75, 1.17], [0.62, 1.3], [0.4, 1.45], [0, 1.45]], { rot: [0.15, 0, 0.1] }, n)));
    c.add(mats.fabric(c.secondary, { name: 'cushion' }), slab(1.5, 0.3, 1.5, [0, 0.15, 0], 0.3));
    for (const [x, z] of [[-0.7, -0.7], [0.7, -0.7], [-0.7, 0.7], [0.7, 0.7]] as const)
      c.add(mats.gold({ name: 'tassels' }), sphere(0.06, { at: [x, 0.2, z] }, 16, 10));
    return;
  }
  const rock = mats.stone({ name: 'rock' }, [0.42, 0.4, 0.38]);
  rock.pattern = 'noise';
  c.add(rock, faceted(sphere(0.6, { at: [0, 0.05, 0], scale: [1.2, 0.35, 1] }, 18, 10)));
  const count = rng.int(8, 13);
  for (let i = 0; i < count; i++) {
    const main = i === 0;
    const len = main ? rng.range(1.1, 1.4) : rng.range(0.4, 0.85);
    const r = main ? 0.2 : rng.range(0.08, 0.14);
    const a = (i / count) * Math.PI * 2 + rng.range(0, 0.6);
    const tilt = main ? 0.05 : rng.range(0.35, 0.8);
    const base: V3 = [main ? 0 : Math.cos(a) * 0.3, 0.12, main ? 0 : Math.sin(a) * 0.3];
    const dir: V3 = [Math.cos(a) * Math.sin(tilt), Math.cos(tilt), Math.sin(a) * Math.sin(tilt)];
    const end: V3 = [base[0] + dir[0] * len, base[1] + dir[1] * len, base[2] + dir[2] * len];
    const tip: V3 = [end[0] + dir[0] * r * 1.6, end[1] + dir[1] * r * 1.6, end[2] + dir[2] * r * 1.6];
    c.add(gem, hexPrism(base, end, r), hexTip(end, tip, r));
  }
}

const hexPrism = (a: V3, b: V3, r: number) => faceted(between(a, b, r, 'cyl', r, 6));
const hexTip = (a: V3, b: V3, r: number) => faceted(between(a, b, r, 'cyl', 0, 6));

export const natureRecipes: Recipe[] = [
  { id: 'tree', words: ['tree', 'oak', 'pine', 'fir', 'spruce', 'palm', 'bush', 'birch', 'maple', 'willow'], hue: [85, 140], build: tree },
  { id: 'mushroom', words: ['mushroom', 'toadstool', 'fungus', 'shroom'], hue: [-15, 25], build: mushroom },
  { id: 'flower', words: ['flower', 'rose', 'tulip', 'daisy', 'sunflower', 'lily', 'blossom'], build: flower },
  { id: 'crystal', words: ['crystal', 'crystals', 'gem', 'gemstone', 'diamond', 'jewel', 'quartz', 'amethyst', 'ruby', 'sapphire'], build: crystal },
];
