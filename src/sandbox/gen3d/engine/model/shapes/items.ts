import { hsl } from '../palette';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { capsule, cone, cyl, extrude, faceted, lathe, sphere, torus } from './kit';

function sword(c: RecipeCtx): void {
  const { rng } = c;
  const steel = mats.metal({ name: 'blade', roughness: 0.15 }, [0.82, 0.84, 0.88]);
  const hilt = primaryMat(c, 'brushed', { name: 'hilt', metallic: 0.8, roughness: 0.3 });
  const grip = mats.fabric([0.3, 0.18, 0.1], { name: 'grip' });
  const bladeLen = rng.range(1.1, 1.4);
  const w = c.has('katana') ? 0.05 : rng.range(0.07, 0.1);
  const gripLen = rng.range(0.28, 0.36);
  const base = gripLen + 0.12;
  c.add(steel, extrude([[-w, base], [w, base], [w * 0.9, base + bladeLen * 0.85], [0, base + bladeLen], [-w * 0.9, base + bladeLen * 0.85]], 0.025, {}, 0.008));
  c.add(hilt, capsule(0.045, rng.range(0.3, 0.5), { at: [0, gripLen + 0.06, 0], rot: [0, 0, Math.PI / 2] }, 16));
  c.add(grip, cyl(0.035, 0.035, gripLen, { at: [0, 0.04 + gripLen / 2, 0] }, 16));
  for (let i = 0; i < 6; i++) c.add(grip, torus(0.036, 0.008, { at: [0, 0.08 + (i * gripLen) / 6, 0], rot: [Math.PI / 2, 0, 0] }, 6, 16));
  c.add(hilt, sphere(0.06, { at: [0, 0.04, 0] }, 20, 14));
}

function ring(c: RecipeCtx): void {
  const { rng } = c;
  const band = primaryMat(c, 'brushed', { name: 'band', metallic: 1, roughness: 0.25 });
  if (!c.primaryMetal) band.color = [0.93, 0.72, 0.24];
  const stone = mats.glass({ name: 'stone', roughness: 0.05 });
  stone.color = c.primaryMetal ? [0.85, 0.9, 1] : c.primary;
  stone.pattern = 'facets';
  const R = 0.6;
  c.add(band, torus(R, rng.range(0.06, 0.1), { at: [0, R + 0.08, 0], scale: [1, 1, 1.6] }, 20, 96));
  const top = 2 * R + 0.1;
  for (let i = 0; i < 4; i++) {
    const a = (i / 4) * Math.PI * 2 + Math.PI / 4;
    c.add(band, cyl(0.015, 0.02, 0.18, { at: [Math.cos(a) * 0.1, top + 0.05, Math.sin(a) * 0.1] }, 8));
  }
  c.add(stone, faceted(lathe([[0, top - 0.02], [0.17, top + 0.1], [0.17, top + 0.13], [0.1, top + 0.2], [0, top + 0.2]], {}, rng.pick([8, 10, 12]))));
}

function donut(c: RecipeCtx): void {
  const { rng } = c;
  const dough = mats.bark({ name: 'dough', roughness: 0.8 }, [0.8, 0.55, 0.3]);
  dough.pattern = 'noise';
  const icing = primaryMat(c, 'noise', { name: 'icing', roughness: 0.3 });
  const R = 0.55;
  const r = 0.3;
  c.add(dough, torus(R, r, { at: [0, r, 0], rot: [Math.PI / 2, 0, 0] }, 28, 64));
  c.add(icing, torus(R, r * 1.05, { at: [0, r * 1.42, 0], rot: [Math.PI / 2, 0, 0], scale: [1, 1, 0.62] }, 28, 64));
  const sprinkles = [0, 60, 200, 280].map((hue, i) => {
    const m = mats.white({ name: `sprinkle-${i}`, roughness: 0.4 });
    m.color = hsl(hue, 0.8, 0.6);
    return m;
  });
  for (let i = 0; i < 36; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = R + rng.range(-r * 0.6, r * 0.6);
    const m = sprinkles[i % 4];
    if (m) c.add(m, capsule(0.012, 0.05, { at: [Math.cos(a) * d, 2 * r + 0.005 - Math.pow((d - R) / r, 2) * 0.12, Math.sin(a) * d], rot: [Math.PI / 2, rng.range(0, 3), rng.range(0, 3)] }, 6));
  }
}

function cake(c: RecipeCtx): void {
  const { rng } = c;
  const frosting = primaryMat(c, 'stripes', { name: 'frosting', roughness: 0.4 });
  const cream = mats.white({ name: 'cream' });
  const tiers = c.has('cupcake') ? 1 : rng.int(2, 3);
  c.add(mats.metal({ name: 'plate' }), cyl(0.85, 0.8, 0.04, { at: [0, 0.02, 0] }, 64));
  let y = 0.04;
  for (let i = 0; i < tiers; i++) {
    const r = 0.7 - i * 0.2;
    const h = 0.38 - i * 0.04;
    c.add(frosting, cyl(r, r, h, { at: [0, y + h / 2, 0] }, 64));
    c.add(cream, torus(r, 0.04, { at: [0, y + h, 0], rot: [Math.PI / 2, 0, 0] }, 10, 64));
    y += h;
  }
  const candle = mats.white({ name: 'candles' });
  const flame = mats.light({ name: 'flames' });
  const n = rng.int(3, 6);
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const d = n > 1 ? 0.15 : 0;
    c.add(candle, cyl(0.02, 0.02, 0.2, { at: [Math.cos(a) * d, y + 0.1, Math.sin(a) * d] }, 12));
    c.add(flame, sphere(0.025, { at: [Math.cos(a) * d, y + 0.24, Math.sin(a) * d], scale: [1, 1.8, 1] }, 10, 8));
  }
}

function planet(c: RecipeCtx): void {
  const { rng } = c;
  const surface = primaryMat(c, 'stripes', { name: 'surface', roughness: 0.8 });
  const rings = mats.secondary(c, 'stripes', { name: 'rings' });
  const tilt = rng.range(0.2, 0.5);
  c.add(surface, sphere(0.7, { at: [0, 0.9, 0] }, 48, 32));
  c.add(rings, torus(1.05, 0.22, { at: [0, 0.9, 0], rot: [Math.PI / 2 + tilt, 0, 0], scale: [1, 1, 0.05] }, 8, 96));
  c.add(mats.stone({ name: 'stand' }), cyl(0.3, 0.4, 0.08, { at: [0, 0.04, 0] }, 40), cyl(0.03, 0.03, 0.2, { at: [0, 0.15, 0] }, 12));
}

function snowman(c: RecipeCtx): void {
  const { rng } = c;
  const snow = mats.white({ name: 'snow', roughness: 0.9 });
  const scarf = primaryMat(c, 'stripes', { name: 'scarf' });
  const dark = mats.dark({ name: 'coal' });
  const sizes = [0.5, 0.36, 0.26].map((s) => s * rng.range(0.92, 1.08));
  let y = 0;
  const centres: number[] = [];
  for (const s of sizes) {
    centres.push(y + s * 0.9);
    c.add(snow, sphere(s, { at: [0, y + s * 0.9, 0] }, 32, 24));
    y += s * 1.7;
  }
  const head = centres[2] ?? 1.5;
  const hr = sizes[2] ?? 0.26;
  c.add(scarf, torus(hr * 0.85, 0.06, { at: [0, head - hr * 0.75, 0], rot: [Math.PI / 2, 0, 0] }, 12, 40));
  c.add(mats.bark({ name: 'carrot' }, [0.95, 0.45, 0.08]), cone(0.04, 0.25, { at: [0, head, hr + 0.1], rot: [Math.PI / 2, 0, 0] }, 14));
  for (const s of [-1, 1]) c.add(dark, sphere(0.03, { at: [s * 0.09, head + 0.08, hr * 0.92] }, 10, 8));
  c.add(dark, cyl(0.17, 0.17, 0.25, { at: [0, head + hr + 0.1, 0] }, 32), cyl(0.27, 0.27, 0.03, { at: [0, head + hr * 0.85, 0] }, 32));
}

export const itemRecipes: Recipe[] = [
  { id: 'sword', words: ['sword', 'blade', 'katana', 'dagger', 'sabre', 'saber', 'longsword'], build: sword },
  { id: 'ring', words: ['ring', 'engagement'], build: ring },
  { id: 'donut', words: ['donut', 'doughnut', 'bagel'], hue: [300, 350], build: donut },
  { id: 'cake', words: ['cake', 'cupcake', 'birthday'], build: cake },
  { id: 'planet', words: ['planet', 'saturn', 'jupiter', 'globe', 'moon'], build: planet },
  { id: 'snowman', words: ['snowman', 'snowmen'], build: snowman },
];
