import type { Lang } from './types';
import type { Lexicon } from './lang/kit';
import { en } from './lang/en';
import { es } from './lang/es';
import { fr } from './lang/fr';
import { de } from './lang/de';
import { pt } from './lang/pt';
import { ja } from './lang/ja';

export type { Lexicon, TopicWords } from './lang/kit';
export { capitalize } from './lang/kit';

export const LEXICONS: Record<Lang, Lexicon> = { en, es, fr, de, pt, ja };
