import { shade } from '../palette';
import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { TeapotGeometry } from 'three/examples/jsm/geometries/TeapotGeometry.js';
import { box, cyl, lathe, place, slab, sphere, torus } from './kit';

function mug(c: RecipeCtx): void {
  const { rng } = c;
  const cup = c.has('cup', 'teacup');
  const ceramic = primaryMat(c, 'stripes', { name: 'ceramic', roughness: 0.25 });
  const r = cup ? 0.5 : rng.range(0.42, 0.5);
  const h = cup ? 0.55 : rng.range(0.9, 1.1);
  const t = 0.05;
  const flare = cup ? 0.15 : rng.range(0, 0.06);
  c.add(ceramic, lathe([[0, 0], [r - 0.08, 0], [r - 0.02, 0.03], [r, 0.1], [r + flare, h], [r + flare - t, h], [r - t, 0.12], [0, 0.1]], {}, 56));
  const drink = mats.dark({ name: 'coffee', roughness: 0.1 });
  drink.color = [0.25, 0.13, 0.06];
  c.add(drink, cyl(r + flare * 0.8 - t, r + flare * 0.8 - t, 0.02, { at: [0, h * 0.85, 0] }, 56));
  c.add(ceramic, torus(h * 0.26, 0.045, { at: [r + flare * 0.5 + 0.02, h * 0.52, 0], rot: [0, 0, -Math.PI / 2] }, 14, 40, Math.PI));
  if (cup) c.add(ceramic, lathe([[0, -0.01], [0.8, -0.01], [0.85, 0.04], [0.82, 0.05], [0.5, 0.02], [0, 0.02]], {}, 56));
}

function vase(c: RecipeCtx): void {
  const { rng } = c;
  const glaze = primaryMat(c, c.has('pot', 'urn') ? 'stripes' : 'noise', { name: 'glaze', roughness: 0.2 });
  glaze.accent = shade(c.primary, 0.5);
  const H = rng.range(1.3, 1.7);
  const belly = rng.range(0.35, 0.55);
  const neck = rng.range(0.12, 0.22);
  const bellyAt = rng.range(0.25, 0.5);
  const pts: Array<[number, number]> = [[0, 0], [0.22, 0]];
  for (let i = 1; i <= 24; i++) {
    const t = i / 24;
    const bump = Math.exp(-Math.pow((t - bellyAt) / 0.25, 2));
    const neckDip = Math.exp(-Math.pow((t - 0.85) / 0.08, 2));
    const r = 0.22 + (belly - 0.22) * bump - (0.22 - neck) * neckDip * (1 - bump) + (t > 0.9 ? (t - 0.9) * 1.2 : 0);
    pts.push([Math.max(0.06, r), t * H]);
  }
  const lip = pts[pts.length - 1] ?? [neck, H];
  pts.push([lip[0] - 0.03, H], [lip[0] - 0.05, H - 0.15]);
  c.add(glaze, lathe(pts, {}, 64));
  c.add(mats.gold({ name: 'band' }), torus(belly * 0.98, 0.015, { at: [0, bellyAt * H, 0], rot: [Math.PI / 2, 0, 0] }, 8, 64));
}

function bottle(c: RecipeCtx): void {
  const { rng } = c;
  const potion = c.has('potion', 'flask', 'elixir');
  const glass = primaryMat(c, 'noise', { name: 'glass', roughness: 0.05 });
  const cork = mats.wood({ name: 'cork' }, [0.7, 0.52, 0.32]);
  const r = potion ? rng.range(0.4, 0.5) : rng.range(0.25, 0.32);
  const pts: Array<[number, number]> = [[0, 0], [r * 0.9, 0], [r, 0.05]];
  if (potion) for (let i = 1; i <= 12; i++) pts.push([Math.max(0.1, Math.sin((i / 12) * Math.PI) * r), 0.05 + (i / 12) * r * 2]);
  else pts.push([r, 0.9], [r * 0.9, 1.0], [0.1, 1.25]);
  const top = pts[pts.length - 1]?.[1] ?? 1;
  pts.push([0.1, top + 0.3], [0.12, top + 0.32], [0.12, top + 0.36], [0, top + 0.36]);
  c.add(glass, lathe(pts, {}, 72));
  c.add(cork, cyl(0.09, 0.08, 0.14, { at: [0, top + 0.41, 0] }, 20));
  if (!potion) c.add(mats.white({ name: 'label' }), cyl(r + 0.005, r + 0.005, 0.35, { at: [0, 0.45, 0] }, 48, true));
}

function barrel(c: RecipeCtx): void {
  const wood = primaryMat(c, 'wood', { name: 'staves' });
  const iron = mats.metal({ name: 'hoops' }, [0.3, 0.3, 0.32]);
  const pts: Array<[number, number]> = [[0, 0]];
  for (let i = 0; i <= 16; i++) pts.push([0.42 + Math.sin((i / 16) * Math.PI) * 0.1, (i / 16) * 1.2]);
  pts.push([0, 1.2]);
  c.add(wood, lathe(pts, {}, 48));
  for (const y of [0.12, 0.4, 0.8, 1.08]) c.add(iron, torus(0.42 + Math.sin((y / 1.2) * Math.PI) * 0.1 + 0.005, 0.018, { at: [0, y, 0], rot: [Math.PI / 2, 0, 0] }, 8, 48));
}

function chest(c: RecipeCtx): void {
  const { rng } = c;
  const wood = primaryMat(c, 'wood', { name: 'planks' });
  const trim = mats.gold({ name: 'fittings' });
  const W = rng.range(1.1, 1.4);
  const D = 0.7;
  c.add(wood, slab(W, 0.5, D, [0, 0.25, 0], 0.03));
  c.add(wood, cyl(D / 2, D / 2, W - 0.02, { at: [0, 0.5, 0], rot: [0, 0, Math.PI / 2], scale: [1, 1, 1] }, 32));
  for (const x of [-W / 2 + 0.12, W / 2 - 0.12]) {
    c.add(trim, box(0.06, 0.52, D + 0.02, { at: [x, 0.26, 0] }, 2));
    c.add(trim, torus(D / 2 + 0.005, 0.025, { at: [x, 0.5, 0], rot: [0, Math.PI / 2, 0] }, 8, 32, Math.PI));
  }
  c.add(trim, box(0.14, 0.18, 0.04, { at: [0, 0.48, D / 2 + 0.01] }, 2), sphere(0.025, { at: [0, 0.45, D / 2 + 0.04] }));
}

function teapot(c: RecipeCtx): void {
  const porcelain = primaryMat(c, 'stripes', { name: 'porcelain', roughness: 0.2 });
  const s = c.rng.range(0.45, 0.55);
  c.add(porcelain, place(new TeapotGeometry(s, 10), { at: [0, s * 0.75, 0] }));
  c.add(mats.white({ name: 'saucer', roughness: 0.3 }), lathe([[0, 0], [0.7, 0], [0.8, 0.06], [0.75, 0.07], [0.5, 0.03], [0, 0.03]], {}, 56));
}

export const objectRecipes: Recipe[] = [
  { id: 'mug', words: ['mug', 'cup', 'teacup', 'tankard'], build: mug },
  { id: 'vase', words: ['vase', 'pot', 'urn', 'jar', 'amphora'], build: vase },
  { id: 'bottle', words: ['bottle', 'potion', 'flask', 'elixir'], build: bottle },
  { id: 'barrel', words: ['barrel', 'keg', 'cask'], build: barrel },
  { id: 'teapot', words: ['teapot', 'kettle'], build: teapot },
  { id: 'chest', words: ['chest', 'treasure', 'trunk', 'crate'], build: chest },
];
