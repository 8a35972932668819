import { SphereGeometry } from 'three';
import { shade } from '../palette';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { between, box, capsule, cyl, extrude, lathe, place, slab, sphere, torus } from './kit';

const HALF_PI = Math.PI / 2;

function car(c: RecipeCtx): void {
  const { rng } = c;
  const truck = c.has('truck', 'pickup', 'jeep', 'van', 'lorry');
  const paint = primaryMat(c, 'stripes', { name: 'paint', roughness: 0.3, metallic: 0.2 });
  const glass = mats.glass();
  const tyre = mats.rubber({ name: 'tyres' });
  const chrome = mats.metal({ name: 'chrome', roughness: 0.2 });
  const W = rng.range(0.85, 1.0);
  const nose = rng.range(0.95, 1.05);
  const body: Array<[number, number]> = truck
    ? [[-1.05, 0.16], [1.05, 0.16], [1.07, 0.55], [0.75, 0.6], [0.7, 0.62], [-1.05, 0.62]]
    : [[-1, 0.15], [nose, 0.15], [nose + 0.03, 0.3], [nose, 0.48], [0.4, 0.55], [-0.55, 0.57], [-0.98, 0.52], [-1.03, 0.34]];
  c.add(paint, extrude(body, W - 0.08, {}, 0.04));
  const cab: Array<[number, number]> = truck
    ? [[0.7, 0.6], [0.5, 0.98], [-0.05, 0.98], [-0.05, 0.6]]
    : [[0.42, 0.54], [0.05, rng.range(0.82, 0.88)], [-0.5, 0.86], [-0.74, 0.55]];
  c.add(glass, extrude(cab, W * 0.78, {}, 0.03));
  const roofX = truck ? 0.22 : -0.22;
  c.add(paint, slab(truck ? 0.56 : 0.56, 0.05, W * 0.8, [roofX, truck ? 1.0 : 0.87, 0], 0.05));
  if (truck) c.add(paint, box(0.9, 0.25, W - 0.04, { at: [-0.58, 0.72, 0] }, 3));
  const wx = truck ? 0.68 : 0.62;
  for (const sx of [-1, 1])
    for (const sz of [-1, 1]) {
      const at = [sx * wx, 0.22, sz * (W / 2 - 0.02)] as const;
      c.add(tyre, torus(0.145, 0.075, { at }, 14, 36));
      c.add(chrome, cyl(0.12, 0.12, 0.1, { at, rot: [HALF_PI, 0, 0] }, 24));
    }
  const lights = mats.light({ name: 'headlights' });
  for (const sz of [-1, 1]) {
    c.add(lights, sphere(0.07, { at: [truck ? 1.06 : nose + 0.01, 0.4, sz * (W / 2 - 0.16)], scale: [0.5, 0.8, 1.2] }, 16, 10));
    c.add(chrome, box(0.06, 0.07, W * 0.95, { at: [sz * (truck ? 1.08 : 1.02), 0.2, 0] }, 2));
  }
}

function rocket(c: RecipeCtx): void {
  const { rng } = c;
  const hull = primaryMat(c, 'stripes', { name: 'hull', roughness: 0.4 });
  const nose = mats.white({ name: 'nose', roughness: 0.35 });
  const fin = primaryMat(c, 'stripes', { name: 'fins', roughness: 0.4 });
  fin.primary = false;
  fin.color = shade(c.primary, 0.7);
  const metal = mats.metal({ name: 'engine' });
  const r = rng.range(0.26, 0.34);
  const top = rng.range(1.1, 1.3);
  c.add(metal, lathe([[0.1, 0.26], [0.15, 0.16], [0.22, 0.02], [0.24, 0], [0.2, 0.02], [0.13, 0.16], [0.08, 0.26]], {}, 36));
  c.add(hull, lathe([[0, 0.22], [r * 0.8, 0.22], [r, 0.32], [r, top], [r * 0.98, top + 0.02]], {}, 48));
  const noseLen = rng.range(0.5, 0.8);
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    pts.push([r * 0.98 * Math.sqrt(1 - t * t * 0.999), top + 0.02 + t * noseLen]);
  }
  c.add(nose, lathe(pts, {}, 48));
  const fins = rng.pick([3, 4]);
  const finOutline: Array<[number, number]> = [[r - 0.02, 0.75], [r - 0.02, 0.28], [r + 0.32, 0.02], [r + 0.3, 0.3]];
  for (let i = 0; i < fins; i++) c.add(fin, extrude(finOutline, 0.05, { rot: [0, (i / fins) * Math.PI * 2, 0] }, 0.01));
  const winY = top * 0.72;
  c.add(metal, torus(0.09, 0.022, { at: [0, winY, r + 0.005] }, 10, 32));
  c.add(mats.glass(), sphere(0.085, { at: [0, winY, r - 0.01], scale: [1, 1, 0.4] }, 20, 12));
  c.add(metal, torus(r + 0.005, 0.018, { at: [0, top, 0], rot: [HALF_PI, 0, 0] }, 8, 48));
}

function boat(c: RecipeCtx): void {
  const { rng } = c;
  const hull = primaryMat(c, 'wood', { name: 'hull' });
  const deck = mats.wood({ name: 'deck' });
  const sail = mats.fabric([0.95, 0.93, 0.86], { name: 'sail' });
  const L = rng.range(1.1, 1.3);
  const B = rng.range(0.38, 0.48);
  const hullGeo = new SphereGeometry(1, 64, 16, 0, Math.PI * 2, HALF_PI, HALF_PI);
  c.add(hull, place(hullGeo, { at: [0, 0.42, 0], scale: [L, 0.42, B] }));
  c.add(deck, cyl(1, 1, 0.04, { at: [0, 0.42, 0], scale: [L * 0.98, 1, B * 0.98] }, 64));
  c.add(hull, torus(1, 0.02, { at: [0, 0.44, 0], rot: [HALF_PI, 0, 0], scale: [L, B, 1] }, 8, 96));
  c.add(mats.white({ name: 'cabin' }), slab(0.5, 0.28, B * 0.9, [-0.3, 0.58, 0], 0.06));
  const mastX = 0.15;
  const mastH = rng.range(1.5, 1.8);
  c.add(deck, cyl(0.025, 0.03, mastH, { at: [mastX, 0.42 + mastH / 2, 0] }, 12));
  c.add(sail, extrude([[mastX + 0.04, 0.6], [mastX + 0.04, 0.42 + mastH - 0.05], [mastX + L * 0.75, 0.65]], 0.015));
  c.add(sail, extrude([[mastX - 0.04, 0.75], [mastX - 0.04, 0.42 + mastH * 0.8], [-L * 0.7, 0.78]], 0.015));
  c.add(mats.secondary(c, 'stripes', { name: 'flag' }), box(0.18, 0.1, 0.01, { at: [mastX - 0.1, 0.42 + mastH - 0.06, 0] }, 1));
}

function airplane(c: RecipeCtx): void {
  const { rng } = c;
  const body = primaryMat(c, 'stripes', { name: 'fuselage', roughness: 0.35, metallic: 0.3 });
  const wing = mats.white({ name: 'wings' });
  const metal = mats.metal({ name: 'engines' });
  const len = rng.range(1.5, 1.8);
  const span = rng.range(1.0, 1.25);
  c.add(body, capsule(0.18, len, { at: [0, 0.5, 0], rot: [0, 0, HALF_PI] }, 24));
  c.add(mats.glass({ name: 'cockpit' }), sphere(0.12, { at: [len / 2 - 0.02, 0.6, 0], scale: [1.2, 0.55, 1.1] }, 20, 10));
  const sweep = rng.range(0.15, 0.4);
  const wingOutline: Array<[number, number]> = [[0.3, 0], [0.05 - sweep, span], [-0.15 - sweep, span], [-0.2, 0], [-0.15 - sweep, -span], [0.05 - sweep, -span]];
  c.add(wing, extrude(wingOutline, 0.05, { at: [0, 0.45, 0], rot: [-HALF_PI, 0, 0] }, 0.01));
  const tail: Array<[number, number]> = [[-len / 2 + 0.1, 0], [-len / 2 - 0.1, 0.4], [-len / 2 - 0.25, 0.4], [-len / 2 - 0.2, 0], [-len / 2 - 0.25, -0.4], [-len / 2 - 0.1, -0.4]];
  c.add(wing, extrude(tail, 0.04, { at: [0, 0.56, 0], rot: [-HALF_PI, 0, 0] }, 0.01));
  c.add(body, extrude([[-len / 2 + 0.05, 0.6], [-len / 2 - 0.22, 0.6], [-len / 2 - 0.3, 1.0], [-len / 2 - 0.15, 1.0]], 0.04, {}, 0.01));
  for (const sz of [-1, 1]) {
    c.add(metal, cyl(0.08, 0.07, 0.4, { at: [0.05, 0.33, sz * span * 0.45], rot: [0, 0, HALF_PI] }, 20));
    c.add(metal, between([0.0, 0.1, sz * 0.15], [0.0, 0.38, sz * 0.1], 0.015, 'cyl'));
    c.add(mats.rubber(), torus(0.05, 0.03, { at: [0.0, 0.08, sz * 0.15] }, 10, 20));
  }
  c.add(metal, between([len / 2 - 0.2, 0.1, 0], [len / 2 - 0.2, 0.38, 0], 0.015, 'cyl'));
  c.add(mats.rubber(), torus(0.05, 0.03, { at: [len / 2 - 0.2, 0.08, 0] }, 10, 20));
}

export const vehicleRecipes: Recipe[] = [
  { id: 'car', words: ['car', 'truck', 'pickup', 'jeep', 'van', 'automobile', 'taxi', 'vehicle', 'lorry', 'sedan'], build: car },
  { id: 'rocket', words: ['rocket', 'spaceship', 'missile', 'spacecraft'], build: rocket },
  { id: 'boat', words: ['boat', 'ship', 'sailboat', 'yacht', 'galleon', 'canoe'], build: boat },
  { id: 'airplane', words: ['airplane', 'aeroplane', 'plane', 'jet', 'aircraft', 'airliner'], build: airplane },
];
