import type { Recipe, RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { box, cone, cyl, extrude, slab, torus } from './kit';
import type { MaterialSpec } from '../types';

function house(c: RecipeCtx): void {
  const { rng } = c;
  const walls = primaryMat(c, 'bricks', { name: 'walls', roughness: 0.85 });
  const roof = mats.secondary(c, 'tiles', { name: 'roof', roughness: 0.7 });
  roof.color = c.has('red') ? [0.3, 0.22, 0.18] : rng.pick([[0.62, 0.2, 0.14], [0.3, 0.22, 0.18], [0.25, 0.3, 0.38]] as const);
  const trim = mats.white({ name: 'trim' });
  const glass = mats.glass({ name: 'windows' });
  const W = rng.range(1.2, 1.6);
  const D = rng.range(0.9, 1.2);
  const floors = c.has('cottage', 'hut', 'cabin') ? 1 : rng.int(1, 2);
  const H = 0.55 * floors + 0.1;
  c.add(walls, box(W, H, D, { at: [0, H / 2, 0] }, 8));
  c.add(mats.stone({ name: 'foundation' }), box(W + 0.06, 0.08, D + 0.06, { at: [0, 0.04, 0] }, 2));
  const pitch = rng.range(0.4, 0.65);
  const over = 0.1;
  c.add(roof, extrude([[-D / 2 - over, H - 0.04], [D / 2 + over, H - 0.04], [0, H + pitch]], W + 0.16, { rot: [0, Math.PI / 2, 0] }, 0.02));
  c.add(mats.stone({ name: 'chimney' }, [0.55, 0.3, 0.25]), box(0.16, 0.45, 0.16, { at: [W * 0.28, H + pitch * 0.6, -D * 0.18] }, 2));
  const door = mats.wood({ name: 'door' }, [0.4, 0.24, 0.12]);
  c.add(door, box(0.22, 0.4, 0.04, { at: [0, 0.28, D / 2 + 0.01] }, 2));
  // porch: step, two posts and a little roof over the door
  c.add(mats.stone({ name: 'foundation' }), slab(0.5, 0.06, 0.2, [0, 0.03, D / 2 + 0.12], 0.03));
  for (const s of [-1, 1]) c.add(trim, cyl(0.025, 0.025, 0.5, { at: [s * 0.22, 0.31, D / 2 + 0.2] }, 24));
  c.add(roof, slab(0.6, 0.04, 0.3, [0, 0.58, D / 2 + 0.14], 0.02));
  const cols = Math.max(2, Math.round(W / 0.45));
  for (let f = 0; f < floors; f++) {
    const y = 0.35 + f * 0.55;
    for (let i = 0; i < cols; i++) {
      const x = -W / 2 + (W / cols) * (i + 0.5);
      if (f === 0 && Math.abs(x) < 0.2) continue;
      c.add(trim, box(0.22, 0.22, 0.03, { at: [x, y, D / 2 + 0.005] }, 1));
      c.add(glass, box(0.17, 0.17, 0.03, { at: [x, y, D / 2 + 0.012] }, 1));
    }
    for (const s of [-1, 1]) {
      c.add(trim, box(0.03, 0.22, 0.22, { at: [s * (W / 2 + 0.005), y, 0] }, 1));
      c.add(glass, box(0.03, 0.17, 0.17, { at: [s * (W / 2 + 0.012), y, 0] }, 1));
    }
  }
}

function crenellate(c: RecipeCtx, mat: MaterialSpec, r: number, y: number, at: readonly [number, number]): void {
  const n = Math.max(6, Math.round(r * 24));
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    c.add(mat, box(0.07, 0.09, 0.06, { at: [at[0] + Math.cos(a) * r * 0.92, y, at[1] + Math.sin(a) * r * 0.92], rot: [0, -a, 0] }, 1));
  }
}

function tower(c: RecipeCtx, stone: MaterialSpec, roof: MaterialSpec, x: number, z: number, r: number, h: number): void {
  c.add(stone, cyl(r, r * 1.06, h, { at: [x, h / 2, z] }, 48));
  c.add(stone, cyl(r * 1.12, r * 1.12, 0.06, { at: [x, h, z] }, 48));
  crenellate(c, stone, r * 1.1, h + 0.07, [x, z]);
  c.add(roof, cone(r * 1.05, r * 2.2, { at: [x, h + 0.05 + r * 1.1, z] }, 48));
}

function castle(c: RecipeCtx): void {
  const { rng } = c;
  const roof = primaryMat(c, 'tiles', { name: 'roofs' });
  const stone = mats.stone({ name: 'stone' });
  const dark = mats.dark({ name: 'openings' });
  if (c.has('tower', 'lighthouse', 'turret') && !c.has('castle', 'fortress')) {
    const h = rng.range(1.4, 1.8);
    tower(c, stone, roof, 0, 0, 0.32, h);
    for (const y of [0.05, h * 0.35, h * 0.7]) c.add(stone, torus(0.335, 0.025, { at: [0, y, 0], rot: [Math.PI / 2, 0, 0] }, 8, 48));
    c.add(dark, cyl(0.012, 0.012, 0.35, { at: [0, h + 0.85, 0] }, 8));
    c.add(roof, box(0.2, 0.12, 0.01, { at: [0.1, h + 0.95, 0] }, 2));
    for (let i = 0; i < 4; i++) c.add(dark, box(0.08, 0.16, 0.04, { at: [0, 0.4 + i * 0.32, 0.33], rot: [0, 0, 0] }, 1));
    c.add(mats.wood({ name: 'door' }), box(0.16, 0.26, 0.04, { at: [0, 0.13, 0.335] }, 1));
    return;
  }
  const S = rng.range(0.65, 0.85);
  const wallH = rng.range(0.45, 0.6);
  for (const sx of [-1, 1]) for (const sz of [-1, 1]) tower(c, stone, roof, sx * S, sz * S, 0.2, wallH + rng.range(0.2, 0.4));
  for (const [x, z, rot] of [[0, S, 0], [0, -S, 0], [S, 0, Math.PI / 2], [-S, 0, Math.PI / 2]] as const) {
    c.add(stone, box(2 * S - 0.2, wallH, 0.14, { at: [x, wallH / 2, z], rot: [0, rot, 0] }, 3));
    for (let i = -4; i <= 4; i++) {
      const off = i * (S / 5);
      c.add(stone, box(0.08, 0.08, 0.16, { at: [x + (rot ? 0 : off), wallH + 0.04, z + (rot ? off : 0)], rot: [0, rot, 0] }, 1));
    }
  }
  c.add(dark, extrude([[-0.13, 0], [0.13, 0], [0.13, 0.22], [0, 0.32], [-0.13, 0.22]], 0.04, { at: [0, 0, S + 0.06] }));
  const keepH = wallH + rng.range(0.5, 0.8);
  c.add(stone, slab(0.6, keepH, 0.6, [0, keepH / 2, 0], 0.04));
  crenellate(c, stone, 0.42, keepH + 0.04, [0, 0]);
  c.add(roof, cone(0.4, 0.5, { at: [0, keepH + 0.25, 0], rot: [0, Math.PI / 4, 0] }, 4));
  for (let i = 0; i < 3; i++) c.add(dark, box(0.07, 0.14, 0.03, { at: [-0.15 + i * 0.15, keepH - 0.3, 0.3] }, 1));
}

export const buildingRecipes: Recipe[] = [
  { id: 'house', words: ['house', 'home', 'cottage', 'hut', 'cabin', 'barn', 'villa', 'building', 'shed'], build: house },
  { id: 'castle', words: ['castle', 'fortress', 'fort', 'tower', 'lighthouse', 'turret', 'citadel', 'palace'], build: castle },
];
