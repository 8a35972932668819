import { ParametricGeometry } from 'three/examples/jsm/geometries/ParametricGeometry.js';
import type { Vector3 } from 'three';
import type { Rng } from '../hash';
import type { RecipeCtx } from './context';
import { mats, primaryMat } from './context';
import { box, capsule, cyl, knot, lathe, place, sphere, torus } from './kit';
import type { PatternKind } from '../types';

const PATTERNS: readonly PatternKind[] = ['stripes', 'noise', 'scales', 'spots', 'facets', 'tiles', 'fabric', 'wood'];

function superformula(theta: number, m: number, n1: number, n2: number, n3: number): number {
  const t1 = Math.pow(Math.abs(Math.cos((m * theta) / 4)), n2);
  const t2 = Math.pow(Math.abs(Math.sin((m * theta) / 4)), n3);
  const s = t1 + t2;
  return s < 1e-9 ? 1 : Math.min(3, Math.pow(s, -1 / n1));
}

function supershape(rng: Rng): ParametricGeometry {
  const m1 = rng.pick([2, 3, 4, 5, 6, 7, 8].map((v) => v * 2));
  const m2 = rng.pick([2, 4, 6]);
  const a = [rng.range(0.6, 3), rng.range(0.6, 2.5), rng.range(0.6, 2.5)] as const;
  const b = [rng.range(0.8, 3), rng.range(0.8, 2.5), rng.range(0.8, 2.5)] as const;
  const fn = (u: number, v: number, target: Vector3): void => {
    const theta = -Math.PI + u * 2 * Math.PI;
    const phi = -Math.PI / 2 + v * Math.PI;
    const r1 = superformula(theta, m1 / 2, a[0], a[1], a[2]);
    const r2 = superformula(phi, m2, b[0], b[1], b[2]);
    target.set(r1 * Math.cos(theta) * r2 * Math.cos(phi), r2 * Math.sin(phi), r1 * Math.sin(theta) * r2 * Math.cos(phi));
  };
  return new ParametricGeometry(fn, 120, 80);
}

function pedestal(c: RecipeCtx, top: number): void {
  const stand = mats.secondary(c, 'noise', { name: 'pedestal', roughness: 0.6 });
  c.add(stand, lathe([[0, 0], [0.55, 0], [0.55, 0.08], [0.42, 0.12], [0.36, top - 0.05], [0.42, top], [0, top]], {}, 48));
}

/** Fallback for prompts with no known subject: a seeded abstract sculpture. */
export function parametric(c: RecipeCtx): void {
  const { rng } = c;
  const mat = primaryMat(c, rng.pick(PATTERNS), { name: 'sculpture', roughness: rng.range(0.2, 0.8), metallic: rng.chance(0.3) ? 0.8 : 0 });
  const family = rng.int(0, 3);
  if (family === 0) {
    const g = supershape(rng);
    g.computeBoundingBox();
    const bb = g.boundingBox;
    const h = bb ? bb.max.y - bb.min.y : 2;
    const w = bb ? Math.max(bb.max.x - bb.min.x, bb.max.z - bb.min.z) : 2;
    const s = 1.2 / Math.max(h, w * 0.8);
    c.add(mat, place(g, { at: [0, 0.25 + (bb ? -bb.min.y * s : s), 0], scale: s }));
    pedestal(c, 0.25);
  } else if (family === 1) {
    const p = rng.pick([2, 3, 3, 5]);
    const q = rng.pick([3, 5, 7].filter((v) => v !== p));
    c.add(mat, knot(0.45, rng.range(0.09, 0.15), p, q, { at: [0, 1.05, 0] }));
    pedestal(c, 0.3);
  } else if (family === 2) {
    const H = rng.range(1.2, 1.8);
    const k = [rng.range(0.05, 0.2), rng.range(0.03, 0.12), rng.range(0.02, 0.08)];
    const ph = [rng.range(0, 6), rng.range(0, 6), rng.range(0, 6)];
    const base = rng.range(0.3, 0.5);
    const pts: Array<[number, number]> = [[0, 0]];
    for (let i = 0; i <= 80; i++) {
      const t = i / 80;
      let r = base * (1 - 0.5 * t);
      k.forEach((amp, j) => (r += amp * Math.sin((j + 1) * Math.PI * 2 * t + (ph[j] ?? 0))));
      pts.push([Math.max(0.05, r), t * H]);
    }
    pts.push([0, H]);
    c.add(mat, lathe(pts, {}, rng.pick([6, 8, 12, 64])));
  } else {
    let y = 0;
    const accent = mats.secondary(c, rng.pick(PATTERNS), { name: 'accent' });
    const n = rng.int(4, 6);
    for (let i = 0; i < n; i++) {
      const s = rng.range(0.25, 0.45) * (1 - i * 0.08);
      const kind = rng.int(0, 4);
      const m = i % 2 === 0 ? mat : accent;
      const h = s * ([2, 1.2, 1.4, 0.6, 2.2][kind] ?? 1);
      const at = [0, y + h / 2, 0] as const;
      if (kind === 0) c.add(m, sphere(s, { at }, 32, 20));
      else if (kind === 1) c.add(m, box(s * 1.6, h, s * 1.6, { at, rot: [0, rng.range(0, 1.5), 0] }, 4));
      else if (kind === 2) c.add(m, cyl(s * 0.8, s, h, { at }, rng.pick([5, 6, 8, 32])));
      else if (kind === 3) c.add(m, torus(s * 0.8, s * 0.3, { at, rot: [Math.PI / 2, 0, 0] }, 16, 48));
      else c.add(m, capsule(s * 0.6, s, { at }, 24));
      y += h * 0.92;
    }
  }
}
