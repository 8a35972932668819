import type { BufferGeometry } from 'three';
import type { Rng } from '../hash';
import { shade } from '../palette';
import type { MaterialSpec, Part, PatternKind, Pose, RGB } from '../types';

/** Everything a shape recipe needs: randomness, colours, prompt words and a sink for parts. */
export type RecipeCtx = {
  rng: Rng;
  pose: Pose;
  /** the prompt's colour (from a colour word, the subject's usual hue range or the prompt hash) */
  primary: RGB;
  /** true when the colour word was a metal (gold, silver, ...) */
  primaryMetal: boolean;
  /** second colour word of the prompt, or a hue-shifted companion of `primary` */
  secondary: RGB;
  has(...words: string[]): boolean;
  add(material: MaterialSpec, ...geometries: BufferGeometry[]): void;
};

export type Recipe = {
  id: string;
  words: readonly string[];
  /** usual hue range (degrees) used when the prompt names no colour */
  hue?: readonly [number, number];
  build(c: RecipeCtx): void;
};

export function createCtx(base: Omit<RecipeCtx, 'add'>): { ctx: RecipeCtx; parts: Part[] } {
  const parts: Part[] = [];
  const ctx: RecipeCtx = {
    ...base,
    add(material, ...geometries) {
      for (const geometry of geometries) parts.push({ material, geometry });
    },
  };
  return { ctx, parts };
}

type MatOpts = { name?: string; roughness?: number; metallic?: number; accent?: RGB; emissive?: RGB };

function make(name: string, color: RGB, pattern: PatternKind, metallic: number, roughness: number, o: MatOpts): MaterialSpec {
  const spec: MaterialSpec = {
    name: o.name ?? name,
    color,
    metallic: o.metallic ?? metallic,
    roughness: o.roughness ?? roughness,
    pattern,
  };
  if (o.accent) spec.accent = o.accent;
  if (o.emissive) spec.emissive = o.emissive;
  return spec;
}

/** The material carrying the prompt's colour. */
export function primaryMat(c: RecipeCtx, pattern: PatternKind, o: MatOpts = {}): MaterialSpec {
  const metal = c.primaryMetal;
  const spec = make('body', c.primary, metal ? 'brushed' : pattern, metal ? 1 : 0, metal ? 0.3 : 0.55, o);
  if (metal) {
    spec.metallic = 1;
    spec.roughness = 0.3;
  }
  spec.primary = true;
  return spec;
}

export const mats = {
  secondary: (c: RecipeCtx, pattern: PatternKind = 'noise', o: MatOpts = {}) =>
    make('trim', c.secondary, pattern, 0, 0.5, o),
  metal: (o: MatOpts = {}, color: RGB = [0.72, 0.73, 0.76]) => make('metal', color, 'brushed', 1, 0.32, o),
  gold: (o: MatOpts = {}) => make('gold', [0.93, 0.72, 0.24], 'brushed', 1, 0.28, o),
  wood: (o: MatOpts = {}, color: RGB = [0.56, 0.36, 0.19]) => make('wood', color, 'wood', 0, 0.7, o),
  bark: (o: MatOpts = {}, color: RGB = [0.36, 0.24, 0.14]) => make('bark', color, 'bark', 0, 0.9, o),
  rubber: (o: MatOpts = {}) => make('rubber', [0.09, 0.09, 0.1], 'tiles', 0, 0.85, o),
  glass: (o: MatOpts = {}) => make('glass', [0.16, 0.24, 0.34], 'noise', 0, 0.08, o),
  dark: (o: MatOpts = {}) => make('dark', [0.05, 0.05, 0.06], 'noise', 0, 0.3, o),
  white: (o: MatOpts = {}) => make('white', [0.93, 0.92, 0.89], 'noise', 0, 0.5, o),
  skin: (o: MatOpts = {}) => make('skin', [0.92, 0.72, 0.58], 'noise', 0, 0.6, o),
  stone: (o: MatOpts = {}, color: RGB = [0.62, 0.6, 0.56]) => make('stone', color, 'bricks', 0, 0.9, o),
  fabric: (color: RGB, o: MatOpts = {}) => make('fabric', color, 'fabric', 0, 0.85, o),
  leaves: (color: RGB, o: MatOpts = {}) => make('leaves', color, 'leaves', 0, 0.8, { accent: shade(color, 0.55), ...o }),
  light: (o: MatOpts = {}) =>
    make('light', [1, 0.94, 0.7], 'noise', 0, 0.2, { emissive: [1, 0.85, 0.5], ...o }),
};
