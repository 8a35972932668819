import { parsePrompt, RECIPES } from './recipes';

/** Subjects the generator recognises (id → trigger words); anything else becomes an abstract sculpture. */
export const SUBJECTS: ReadonlyArray<{ id: string; words: readonly string[] }> = RECIPES.map(({ id, words }) => ({ id, words }));

/** Which subject a prompt will be modelled as ('abstract' when no keyword matches). */
export function describeSubject(prompt: string): string {
  return parsePrompt(prompt).recipe.id;
}
