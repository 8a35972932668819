import { fnv1a } from '../../../shared/hash';
import { animalRecipes } from './shapes/animals';
import { buildingRecipes } from './shapes/buildings';
import type { Recipe } from './shapes/context';
import { figureRecipes } from './shapes/figures';
import { furnitureRecipes } from './shapes/furniture';
import { itemRecipes } from './shapes/items';
import { natureRecipes } from './shapes/nature';
import { objectRecipes } from './shapes/objects';
import { parametric } from './shapes/parametric';
import { vehicleRecipes } from './shapes/vehicles';

export const RECIPES: readonly Recipe[] = [
  ...figureRecipes,
  ...animalRecipes,
  ...vehicleRecipes,
  ...furnitureRecipes,
  ...natureRecipes,
  ...buildingRecipes,
  ...objectRecipes,
  ...itemRecipes,
];

export const FALLBACK: Recipe = { id: 'abstract', words: [], build: parametric };

const BY_WORD = new Map<string, Recipe>();
for (const recipe of RECIPES) for (const word of recipe.words) if (!BY_WORD.has(word)) BY_WORD.set(word, recipe);

function lookup(word: string): Recipe | undefined {
  const exact = BY_WORD.get(word);
  if (exact) return exact;
  if (word.endsWith('es') && BY_WORD.has(word.slice(0, -2))) return BY_WORD.get(word.slice(0, -2));
  if (word.endsWith('s')) return BY_WORD.get(word.slice(0, -1));
  return undefined;
}

export type ParsedPrompt = { recipe: Recipe; words: Set<string>; seed: number; normalized: string };

/** Words that end the first noun phrase ("a knight WITH a sword", "a cup OF tea"). */
const BREAKS = new Set([
  'with', 'and', 'on', 'in', 'holding', 'next', 'beside', 'near', 'under', 'over', 'at', 'of', 'for', 'from',
  'wearing', 'riding', 'carrying', 'by', 'inside', 'behind', 'made', 'that', 'which', 'while', 'or',
]);
/** Subject words that only count when nothing stronger is named ("rocket ship", "robot figure"). */
const WEAK = new Set(['ship', 'figure', 'character', 'seat', 'blade', 'building', 'animal', 'vehicle', 'avatar', 'people']);

/**
 * Normalise the prompt, pick the subject and derive the seed. The subject is the head of the
 * first noun phrase that names one: the last subject word before a break word or punctuation
 * ("a desk lamp" → lamp, "a diamond ring" → ring, "a knight with a sword" → knight).
 */
export function parsePrompt(prompt: string): ParsedPrompt {
  const normalized = prompt.toLowerCase().replace(/\s+/g, ' ').trim();
  const tokens = normalized.match(/[a-z]+|[,.;:!?]/g) ?? [];
  let strong: Recipe | undefined;
  let weak: Recipe | undefined;
  for (const token of tokens) {
    if (BREAKS.has(token) || /^[,.;:!?]$/.test(token)) {
      if (strong || weak) break;
      continue;
    }
    const found = lookup(token);
    if (found && WEAK.has(token)) weak = found;
    else if (found) strong = found;
  }
  const recipe = strong ?? weak ?? FALLBACK;
  return { recipe, words: new Set(tokens), seed: fnv1a(normalized), normalized };
}
