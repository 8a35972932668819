import { shade } from '../palette';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { box, cyl, lathe, slab, sphere, torus } from './kit';

function legsMaterial(c: RecipeCtx) {
  const metal = c.has('metal', 'steel', 'office', 'modern') || (!c.has('wooden', 'wood', 'oak') && c.rng.chance(0.5));
  return metal ? mats.metal({ name: 'legs' }) : mats.wood({ name: 'legs' }, shade(c.primary, 0.55));
}

function chair(c: RecipeCtx): void {
  const { rng } = c;
  const w = rng.range(0.85, 1.05);
  const d = rng.range(0.8, 1.0);
  const seatH = rng.range(0.85, 1.0);
  const backH = rng.range(0.8, 1.15);
  const wood = c.has('wooden', 'wood', 'oak') || rng.chance(0.4);
  const body = primaryMat(c, wood ? 'wood' : 'fabric', { name: 'seat' });
  const legs = legsMaterial(c);
  c.add(body, slab(w, 0.12, d, [0, seatH, 0], 0.08));
  const r = legs.metallic > 0 ? 0.035 : 0.05;
  for (const sx of [-1, 1])
    for (const sz of [-1, 1])
      c.add(legs, cyl(r, r * 0.8, seatH, { at: [sx * (w / 2 - 0.08), seatH / 2, sz * (d / 2 - 0.08)] }, 32));
  // back posts and slats / panel
  const backZ = -d / 2 + 0.06;
  for (const sx of [-1, 1])
    c.add(legs, cyl(r, r, backH, { at: [sx * (w / 2 - 0.08), seatH + backH / 2, backZ] }, 32));
  if (rng.chance(0.5)) {
    const slats = rng.int(3, 5);
    for (let i = 0; i < slats; i++) {
      const y = seatH + 0.2 + (i / (slats - 1)) * (backH - 0.3);
      c.add(body, box(w - 0.16, 0.09, 0.05, { at: [0, y, backZ] }, 3));
    }
  } else {
    c.add(body, slab(w - 0.1, backH * 0.75, 0.07, [0, seatH + backH * 0.55, backZ], 0.1));
  }
  if (c.has('armchair', 'throne') || rng.chance(0.3)) {
    for (const sx of [-1, 1]) {
      c.add(legs, cyl(r, r, 0.3, { at: [sx * (w / 2 - 0.02), seatH + 0.15, d / 2 - 0.12] }, 24));
      c.add(body, box(0.1, 0.06, d * 0.85, { at: [sx * (w / 2 - 0.02), seatH + 0.32, 0] }, 3));
    }
  }
}

function table(c: RecipeCtx): void {
  const { rng } = c;
  const h = rng.range(0.75, 0.95);
  const round = c.has('round', 'coffee') || rng.chance(0.4);
  const top = primaryMat(c, 'wood', { name: 'tabletop' });
  const legs = legsMaterial(c);
  if (round) {
    const r = rng.range(0.65, 0.85);
    c.add(top, cyl(r, r, 0.07, { at: [0, h, 0] }, 64), torus(r, 0.035, { at: [0, h, 0], rot: [Math.PI / 2, 0, 0] }, 10, 64));
    c.add(legs, cyl(0.06, 0.06, h, { at: [0, h / 2, 0] }, 24));
    c.add(legs, lathe([[0, 0], [0.4, 0], [0.42, 0.03], [0.12, 0.09], [0.06, 0.14]], {}, 64));
  } else {
    const w = rng.range(1.3, 1.8);
    const d = rng.range(0.7, 1.0);
    c.add(top, slab(w, 0.08, d, [0, h, 0], 0.06));
    c.add(legs, box(w - 0.2, 0.1, 0.03, { at: [0, h - 0.09, d / 2 - 0.1] }), box(w - 0.2, 0.1, 0.03, { at: [0, h - 0.09, -d / 2 + 0.1] }));
    for (const sx of [-1, 1])
      for (const sz of [-1, 1]) c.add(legs, cyl(0.05, 0.035, h, { at: [sx * (w / 2 - 0.1), h / 2, sz * (d / 2 - 0.1)] }, 24));
  }
}

function sofa(c: RecipeCtx): void {
  const { rng } = c;
  const seats = rng.int(2, 3);
  const w = seats * 0.7 + 0.4;
  const d = 0.95;
  const fabric = primaryMat(c, 'fabric', { name: 'upholstery' });
  const legs = mats.wood({ name: 'feet' }, [0.3, 0.2, 0.12]);
  c.add(fabric, slab(w, 0.3, d, [0, 0.3, 0], 0.08));
  for (let i = 0; i < seats; i++) {
    const x = -w / 2 + 0.2 + 0.35 + i * 0.7;
    c.add(fabric, slab(0.66, 0.16, d - 0.3, [x, 0.52, 0.1], 0.08));
    c.add(fabric, slab(0.66, 0.5, 0.2, [x, 0.82, -d / 2 + 0.25], 0.08));
  }
  c.add(fabric, slab(w, 0.75, 0.18, [0, 0.72, -d / 2 + 0.09], 0.06));
  for (const sx of [-1, 1]) c.add(fabric, slab(0.2, 0.65, d, [sx * (w / 2 - 0.1), 0.5, 0], 0.08));
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) c.add(legs, cyl(0.04, 0.03, 0.15, { at: [sx * (w / 2 - 0.1), 0.075, sz * (d / 2 - 0.1)] }, 24));
}

function lamp(c: RecipeCtx): void {
  const { rng } = c;
  const floor = c.has('floor', 'standing') || rng.chance(0.35);
  const poleH = floor ? rng.range(1.5, 1.8) : rng.range(0.5, 0.7);
  const shadeR = floor ? 0.35 : rng.range(0.28, 0.38);
  const shadeMat = primaryMat(c, 'fabric', { name: 'shade' });
  const metal = mats.metal({ name: 'stand' }, c.primaryMetal ? [0.3, 0.3, 0.32] : [0.78, 0.7, 0.5]);
  c.add(metal, lathe([[0, 0], [0.3, 0], [0.31, 0.03], [0.24, 0.08], [0.06, 0.12], [0.04, 0.16], [0, 0.16]], {}, 64));
  c.add(metal, cyl(0.025, 0.025, poleH, { at: [0, poleH / 2 + 0.1, 0] }, 24));
  const top = poleH + 0.1;
  const sh = shadeR * 1.1;
  c.add(
    shadeMat,
    lathe([[shadeR, top - sh * 0.45], [shadeR * 0.62, top + sh * 0.55], [shadeR * 0.6, top + sh * 0.53], [shadeR * 0.98, top - sh * 0.45]], {}, 64),
  );
  c.add(mats.light({ name: 'bulb' }), sphere(0.08, { at: [0, top, 0], scale: [1, 1.3, 1] }, 20, 14));
}

export const furnitureRecipes: Recipe[] = [
  { id: 'chair', words: ['chair', 'armchair', 'stool', 'throne', 'seat'], build: chair },
  { id: 'table', words: ['table', 'desk'], build: table },
  { id: 'sofa', words: ['sofa', 'couch', 'settee'], build: sofa },
  { id: 'lamp', words: ['lamp', 'lampshade'], build: lamp },
];
