import type { Context } from 'hono';
import type { ZodMiniType, output } from 'zod/mini';
import type { ApiError } from '../../contracts/errors';
import { readCapped, tooLargeWords } from '../../node-lib/capped-body';
import { queryObject } from '../../node-lib/operation-input';
import { refusedError } from './errors';

/**
 * The BFF's own routes read their query strings and bodies with the contracts' schemas
 * (contracts/bff), refusing with the one error body, each field named.
 */
export function readQuery<S extends ZodMiniType>(c: Context, schema: S): { ok: true; value: output<S> } | { ok: false; error: ApiError } {
  const parsed = schema.safeParse(queryObject(c.req.url));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: refusedError(parsed.error.issues, 'Nothing was read') };
}

/** The largest body of the BFF's own settings and forms (a key, a limit, a list of task ids). */
export const SETTINGS_MAX_BODY = 16 * 1024;

export type JsonOptions = {
  /** Largest body in bytes, kept while reading (default `SETTINGS_MAX_BODY`). */
  max?: number;
  /** What an empty body stands for (default null: refused by any object schema). */
  empty?: unknown;
};

/**
 * A JSON body, read no further than `max` bytes (a larger one is a 413 and nothing is done),
 * checked against the schema; `outcome` says what did not happen when it is refused.
 */
export async function readJson<S extends ZodMiniType>(c: Context, schema: S, outcome: string, opts: JsonOptions = {}): Promise<{ ok: true; value: output<S> } | { ok: false; error: ApiError }> {
  const max = opts.max ?? SETTINGS_MAX_BODY;
  const text = await readCapped(c.req.raw, max);
  if (text === null) return { ok: false, error: refusedError([{ path: [], message: tooLargeWords(max) }], outcome, 413) };
  let raw: unknown = opts.empty ?? null;
  try {
    if (text.trim() !== '') raw = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, error: refusedError([{ path: [], message: 'the body must be JSON' }], outcome) };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: refusedError(parsed.error.issues, outcome) };
}
