import type { Context } from 'hono';
import { issuesSentence } from '../../contracts/issues';
import type { Dialect } from '../shared/register';
import { notImitatedMessage } from '../shared/register';

/** The 3D service's error body (docs/live-services.md#3d-generation--errors): `{"message": "..."}`. */
export const message = (text: string) => ({ message: text });

export const gen3dDialect: Dialect = {
  refused: (c: Context, refusal) => c.json(message(issuesSentence(refusal.issues)), refusal.status),
  notImitated: (c, op) => c.json(message(notImitatedMessage(op)), 404),
  notFound: (c) => c.json(message('Not found.'), 404),
};
