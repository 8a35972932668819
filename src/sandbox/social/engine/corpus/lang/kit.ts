import type { Topic } from '../types';

/** Words of one topic in one language: nouns fill templates; lines are whole posts. */
export type TopicWords = { label: string; nouns: string[]; lines: string[]; tags: string[] };

/**
 * One language's material. Templates take `{n}` (a topic noun, as written, article included)
 * and `{N}` (the same, capitalized); they are written so that any noun fits grammatically.
 */
export type Lexicon = {
  topics: Record<Topic, TopicWords>;
  templates: string[];
  openers: string[];
  closers: string[];
  replies: string[];
  quotes: string[];
  linkIntros: string[];
  /** Alt text of a picture, with `{n}`. */
  alt: string;
  roles: string[];
  /** Bios with `{role}`, `{t1}`, `{t2}` (topic labels); org bios the same without a role. */
  bios: string[];
  orgBios: string[];
  /** Names of organisations, with `{T}` (capitalized topic label). */
  orgNames: string[];
  /** Joins words without spaces (Japanese) or with them. */
  space: string;
};

/** Splits a `|`-separated list (keeps the lexicon files compact). */
export const w = (s: string): string[] => s.split('|');

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
