import { write3mf } from './formats';
import type { Soup } from './soup';

/**
 * Multi-colour print: each triangle's colour (mean of its corners' colours, read from the model's
 * texture and materials) clustered by k-means (k-means++ seeding, fixed seed) into at most
 * `maxColors` colours, written as a 3MF whose base materials are those colours.
 */
export function multiColor(soup: Soup, maxColors: number): { threemf: Uint8Array; palette: number[][]; perTriangle: Uint8Array } {
  const nt = soup.indices.length / 3;
  const tri = new Float32Array(nt * 3);
  for (let t = 0; t < nt; t++)
    for (let k = 0; k < 3; k++) {
      let s = 0;
      for (let c = 0; c < 3; c++) s += soup.colors ? soup.colors[soup.indices[t * 3 + c]! * 3 + k]! : 0.8;
      tri[t * 3 + k] = s / 3;
    }
  const dist = (t: number, c: number[]) => (tri[t * 3]! - c[0]!) ** 2 + (tri[t * 3 + 1]! - c[1]!) ** 2 + (tri[t * 3 + 2]! - c[2]!) ** 2;
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const centres: number[][] = [[tri[0] ?? 0.8, tri[1] ?? 0.8, tri[2] ?? 0.8]];
  while (centres.length < maxColors) {
    const d = Array.from({ length: nt }, (_, t) => Math.min(...centres.map((c) => dist(t, c))));
    const total = d.reduce((a, b) => a + b, 0);
    if (total < 1e-9) break;
    let r = rand() * total;
    let pick = 0;
    while (pick < nt - 1 && (r -= d[pick]!) > 0) pick++;
    centres.push([tri[pick * 3]!, tri[pick * 3 + 1]!, tri[pick * 3 + 2]!]);
  }
  const perTriangle = new Uint8Array(nt);
  for (let iter = 0; iter < 12; iter++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let t = 0; t < nt; t++) {
      let best = 0;
      for (let c = 1; c < centres.length; c++) if (dist(t, centres[c]!) < dist(t, centres[best]!)) best = c;
      perTriangle[t] = best;
      const s = sums[best]!;
      for (let k = 0; k < 3; k++) s[k]! += tri[t * 3 + k]!;
      s[3]!++;
    }
    sums.forEach((s, c) => {
      if (s[3]) centres[c] = [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!];
    });
  }
  // Drop unused colours so the file lists only the colours it paints with.
  const used = [...new Set(perTriangle)].sort((a, b) => a - b);
  const palette = used.map((c) => centres[c]!);
  const remap = new Map(used.map((c, i) => [c, i]));
  const painted = Uint8Array.from(perTriangle, (c) => remap.get(c)!);
  return { threemf: write3mf(soup, { palette, perTriangle: painted }), palette, perTriangle: painted };
}
