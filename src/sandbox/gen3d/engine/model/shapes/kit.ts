import {
  BoxGeometry,
  CapsuleGeometry,
  ConeGeometry,
  CylinderGeometry,
  Euler,
  ExtrudeGeometry,
  LatheGeometry,
  Matrix4,
  Quaternion,
  Shape,
  SphereGeometry,
  TorusGeometry,
  TorusKnotGeometry,
  Vector2,
  Vector3,
} from 'three';
import type { BufferGeometry } from 'three';

export type V3 = readonly [number, number, number];
/** Placement: translate `at`, Euler XYZ rotation `rot` (radians), scale. */
export type Xf = { at?: V3; rot?: V3; scale?: V3 | number };

export function place(g: BufferGeometry, xf: Xf = {}): BufferGeometry {
  const s = xf.scale ?? 1;
  const scale = typeof s === 'number' ? new Vector3(s, s, s) : new Vector3(s[0], s[1], s[2]);
  const rot = xf.rot ?? [0, 0, 0];
  const q = new Quaternion().setFromEuler(new Euler(rot[0], rot[1], rot[2]));
  const at = xf.at ?? [0, 0, 0];
  g.applyMatrix4(new Matrix4().compose(new Vector3(at[0], at[1], at[2]), q, scale));
  return g;
}

export const box = (w: number, h: number, d: number, xf?: Xf, seg = 3): BufferGeometry =>
  place(new BoxGeometry(w, h, d, seg, seg, seg), xf);

export const cyl = (rTop: number, rBottom: number, h: number, xf?: Xf, radial = 32, open = false): BufferGeometry =>
  place(new CylinderGeometry(rTop, rBottom, h, radial, 3, open), xf);

export const cone = (r: number, h: number, xf?: Xf, radial = 32): BufferGeometry =>
  place(new ConeGeometry(r, h, radial, 4), xf);

export const sphere = (r: number, xf?: Xf, ws = 24, hs = 16): BufferGeometry =>
  place(new SphereGeometry(r, ws, hs), xf);

/** Upper half of a sphere (dome), flat side at y=0 (open). */
export const dome = (r: number, xf?: Xf, ws = 32, hs = 12): BufferGeometry =>
  place(new SphereGeometry(r, ws, hs, 0, Math.PI * 2, 0, Math.PI / 2), xf);

export const torus = (R: number, r: number, xf?: Xf, radial = 12, tubular = 40, arc = Math.PI * 2): BufferGeometry =>
  place(new TorusGeometry(R, r, radial, tubular, arc), xf);

export const capsule = (r: number, len: number, xf?: Xf, radial = 16): BufferGeometry =>
  place(new CapsuleGeometry(r, len, 6, radial, 2), xf);

export const knot = (R: number, r: number, p: number, q: number, xf?: Xf): BufferGeometry =>
  place(new TorusKnotGeometry(R, r, 160, 14, p, q), xf);

/** Surface of revolution about Y from [radius, y] profile points. */
export const lathe = (profile: ReadonlyArray<readonly [number, number]>, xf?: Xf, segs = 40): BufferGeometry =>
  place(new LatheGeometry(profile.map(([x, y]) => new Vector2(x, y)), segs), xf);

/** Extrude a 2D outline (XY plane) by `depth` along +Z, centred on Z. */
export function extrude(
  outline: ReadonlyArray<readonly [number, number]>,
  depth: number,
  xf?: Xf,
  bevel = 0,
): BufferGeometry {
  const shape = new Shape(outline.map(([x, y]) => new Vector2(x, y)));
  const g = new ExtrudeGeometry(shape, {
    depth,
    curveSegments: 12,
    bevelEnabled: bevel > 0,
    bevelThickness: bevel,
    bevelSize: bevel,
    bevelSegments: 2,
  });
  g.translate(0, 0, -depth / 2);
  return place(g, xf);
}

/** A cylinder (or capsule) running from point a to point b. */
export function between(
  a: V3,
  b: V3,
  r: number,
  kind: 'cyl' | 'capsule' = 'capsule',
  rEnd = r,
  radial = 16,
): BufferGeometry {
  const va = new Vector3(a[0], a[1], a[2]);
  const vb = new Vector3(b[0], b[1], b[2]);
  const dir = vb.clone().sub(va);
  const len = Math.max(dir.length(), 1e-4);
  const g = kind === 'capsule' ? new CapsuleGeometry(r, len, 6, radial, 2) : new CylinderGeometry(rEnd, r, len, radial, 2);
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), dir.normalize());
  const mid = va.add(vb).multiplyScalar(0.5);
  g.applyMatrix4(new Matrix4().compose(mid, q, new Vector3(1, 1, 1)));
  return g;
}

/** Points of a regular polygon / star outline in the XY plane. */
export function ring2d(n: number, r: number, rInner = r, phase = 0): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  const count = rInner === r ? n : n * 2;
  for (let i = 0; i < count; i++) {
    const a = phase + (i / count) * Math.PI * 2;
    const rr = rInner === r || i % 2 === 0 ? r : rInner;
    pts.push([Math.cos(a) * rr, Math.sin(a) * rr]);
  }
  return pts;
}

/** Rounded rectangle outline centred on the origin. */
export function roundRect(w: number, h: number, r: number, segs = 5): Array<[number, number]> {
  const rr = Math.min(r, w / 2 - 1e-3, h / 2 - 1e-3);
  const pts: Array<[number, number]> = [];
  const corners: Array<[number, number, number]> = [
    [w / 2 - rr, h / 2 - rr, 0],
    [-w / 2 + rr, h / 2 - rr, Math.PI / 2],
    [-w / 2 + rr, -h / 2 + rr, Math.PI],
    [w / 2 - rr, -h / 2 + rr, (3 * Math.PI) / 2],
  ];
  for (const [cx, cy, a0] of corners) {
    for (let i = 0; i <= segs; i++) {
      const a = a0 + (i / segs) * (Math.PI / 2);
      pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
    }
  }
  return pts;
}

/** Rounded slab: rounded-rect (w x d) extruded to thickness t, lying flat, centred at `at`. */
export function slab(w: number, t: number, d: number, at: V3, r = 0.05): BufferGeometry {
  const bevel = Math.min(0.02, t * 0.3);
  return extrude(roundRect(w - 2 * bevel, d - 2 * bevel, r), t - 2 * bevel, { at, rot: [-Math.PI / 2, 0, 0] }, bevel);
}

/** Flat-shaded copy (one normal per face), for cut gems and rocks. */
export function faceted(g: BufferGeometry): BufferGeometry {
  const flat = g.toNonIndexed();
  flat.computeVertexNormals();
  return flat;
}
