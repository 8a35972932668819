import type { RGB } from './types';

export type ColourWord = { word: string; color: RGB; metallic: boolean };

const COLOURS: Record<string, { color: RGB; metallic?: boolean }> = {
  red: { color: [0.82, 0.12, 0.1] },
  crimson: { color: [0.7, 0.06, 0.16] },
  scarlet: { color: [0.9, 0.16, 0.08] },
  maroon: { color: [0.45, 0.07, 0.1] },
  blue: { color: [0.14, 0.32, 0.86] },
  navy: { color: [0.08, 0.14, 0.45] },
  azure: { color: [0.2, 0.55, 0.95] },
  cyan: { color: [0.1, 0.78, 0.86] },
  teal: { color: [0.06, 0.55, 0.55] },
  turquoise: { color: [0.2, 0.82, 0.76] },
  green: { color: [0.2, 0.66, 0.24] },
  emerald: { color: [0.05, 0.62, 0.38] },
  lime: { color: [0.55, 0.88, 0.16] },
  olive: { color: [0.45, 0.48, 0.16] },
  golden: { color: [0.93, 0.72, 0.24], metallic: true },
  gold: { color: [0.93, 0.72, 0.24], metallic: true },
  silver: { color: [0.8, 0.81, 0.84], metallic: true },
  chrome: { color: [0.85, 0.86, 0.88], metallic: true },
  steel: { color: [0.6, 0.62, 0.66], metallic: true },
  bronze: { color: [0.7, 0.45, 0.2], metallic: true },
  copper: { color: [0.8, 0.42, 0.24], metallic: true },
  purple: { color: [0.5, 0.2, 0.72] },
  violet: { color: [0.56, 0.3, 0.86] },
  magenta: { color: [0.86, 0.16, 0.7] },
  pink: { color: [0.96, 0.46, 0.66] },
  orange: { color: [0.96, 0.5, 0.1] },
  white: { color: [0.93, 0.93, 0.91] },
  black: { color: [0.08, 0.08, 0.09] },
  brown: { color: [0.46, 0.28, 0.14] },
  wooden: { color: [0.6, 0.4, 0.22] },
  beige: { color: [0.85, 0.77, 0.6] },
  yellow: { color: [0.96, 0.84, 0.14] },
  grey: { color: [0.5, 0.5, 0.52] },
  gray: { color: [0.5, 0.5, 0.52] },
};

/** All colour words in the prompt, in the order they appear. */
export function findColourWords(prompt: string): ColourWord[] {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const found: ColourWord[] = [];
  for (const word of words) {
    const entry = COLOURS[word];
    if (entry) found.push({ word, color: entry.color, metallic: entry.metallic ?? false });
  }
  return found;
}

/** HSL (h in degrees, s/l 0..1) to sRGB. */
export function hsl(h: number, s: number, l: number): RGB {
  const hh = (((h % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs((hh % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    hh < 1 ? [c, x, 0] : hh < 2 ? [x, c, 0] : hh < 3 ? [0, c, x] : hh < 4 ? [0, x, c] : hh < 5 ? [x, 0, c] : [c, 0, x];
  return [r + m, g + m, b + m];
}

export function shade(c: RGB, k: number): RGB {
  return [clamp01(c[0] * k), clamp01(c[1] * k), clamp01(c[2] * k)];
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** sRGB component (0..1) to linear, as glTF factors expect. */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}
