import { bounds, mapPositions, size, type Soup } from './soup';

export type ResizeAsk = { height?: number | undefined; longest?: number | undefined; auto?: boolean | undefined; origin?: 'bottom' | 'center' | undefined; humanoid?: boolean };

/** A typical real size when `auto_size` is asked: a person 1.7 m tall, anything else 1 m on its longest side. */
export const AUTO_HUMANOID_HEIGHT = 1.7;
export const AUTO_OBJECT_LONGEST = 1;

/**
 * Scales a model (units are metres) to a height (Y), a longest side, or an automatic real-world
 * size, and moves its origin to the bottom centre (default) or the centre of its bounds.
 */
export function resize(soup: Soup, ask: ResizeAsk): { soup: Soup; scale: number; size: [number, number, number] } {
  const b = bounds(soup.positions);
  const [w, h, d] = size(b);
  let scale = 1;
  if (ask.height) scale = ask.height / Math.max(h, 1e-9);
  else if (ask.longest) scale = ask.longest / Math.max(w, h, d, 1e-9);
  else if (ask.auto) scale = ask.humanoid ? AUTO_HUMANOID_HEIGHT / Math.max(h, 1e-9) : AUTO_OBJECT_LONGEST / Math.max(w, h, d, 1e-9);
  const cx = (b.min[0] + b.max[0]) / 2, cz = (b.min[2] + b.max[2]) / 2;
  const oy = ask.origin === 'center' ? (b.min[1] + b.max[1]) / 2 : b.min[1];
  const out = mapPositions(soup, (x, y, z) => [(x - cx) * scale, (y - oy) * scale, (z - cz) * scale]);
  return { soup: out, scale, size: [w * scale, h * scale, d * scale] };
}

/**
 * Whether a model looks like a standing biped: taller than about half its width (arms out in a
 * T-pose widen it), and two legs: near the floor, a gap across its width (left and right feet)
 * but none front to back (a chair or a table stands on legs in both directions).
 */
export function looksBipedal(soup: Soup): boolean {
  const b = bounds(soup.positions);
  const [w, h, d] = size(b);
  if (h < Math.max(d, w * 0.6)) return false;
  const low = b.min[1] + h * 0.12;
  const xs: number[] = [];
  const zs: number[] = [];
  for (let i = 0; i < soup.positions.length; i += 3) {
    if (soup.positions[i + 1]! > low) continue;
    xs.push(soup.positions[i]!);
    zs.push(soup.positions[i + 2]!);
  }
  return xs.length >= 8 && hasGap(xs) && !hasGap(zs);
}

/** A gap in the middle eighth of the values' span, with values on both sides. */
function hasGap(values: number[]): boolean {
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = hi - lo;
  if (span < 1e-6) return false;
  const band = 16;
  const hits = new Uint8Array(band);
  for (const v of values) hits[Math.min(band - 1, Math.floor(((v - lo) / span) * band))] = 1;
  return hits[band / 2 - 1] === 0 && hits[band / 2] === 0;
}
