import { assemble } from './assemble';
import type { Atlas } from './assemble';
import { createRng } from './hash';
import { findColourWords, hsl } from './palette';
import { parsePrompt } from './recipes';
import { createCtx } from './shapes/context';
import type { MeshGroup, ModelSpec, RGB } from './types';

export type ComposedModel = { subject: string; seed: number; groups: MeshGroup[]; atlas: Atlas };

function pickColours(prompt: string, seed: number, hueRange?: readonly [number, number]) {
  const rng = createRng(seed ^ 0x5bd1e995);
  const words = findColourWords(prompt);
  const hue = hueRange ? hueRange[0] + (hueRange[1] - hueRange[0]) * rng.next() : rng.range(0, 360);
  const fallback = hsl(hue, rng.range(0.55, 0.8), rng.range(0.42, 0.55));
  const first = words[0];
  const primary: RGB = first ? first.color : fallback;
  const companion = hsl(hue + rng.range(140, 220), rng.range(0.4, 0.65), rng.range(0.45, 0.6));
  const secondary: RGB = words[1]?.color ?? companion;
  return { primary, primaryMetal: first?.metallic ?? false, secondary };
}

/** Prompt → recipe → merged, normalised mesh groups (identical for preview and refine). */
export function composeModel(spec: Pick<ModelSpec, 'prompt' | 'poseMode'>): ComposedModel {
  const parsed = parsePrompt(spec.prompt);
  const colours = pickColours(parsed.normalized, parsed.seed, parsed.recipe.hue);
  const { ctx, parts } = createCtx({
    rng: createRng(parsed.seed),
    pose: spec.poseMode ?? '',
    ...colours,
    has: (...words) => words.some((w) => parsed.words.has(w) || parsed.words.has(`${w}s`)),
  });
  parsed.recipe.build(ctx);
  const { groups, atlas } = assemble(parts);
  return { subject: parsed.recipe.id, seed: parsed.seed, groups, atlas };
}
