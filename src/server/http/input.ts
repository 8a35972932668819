import type { Context } from 'hono';
import type { ZodMiniType, output } from 'zod/mini';
import type { ApiError } from '../../contracts/errors';
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

/** A JSON body of at most `max` bytes (the BFF's own settings are small). */
export async function readJson<S extends ZodMiniType>(
  c: Context,
  schema: S,
  outcome: string,
  max = 16 * 1024,
): Promise<{ ok: true; value: output<S> } | { ok: false; error: ApiError }> {
  const text = await c.req.text().catch(() => '');
  if (text.length > max)
    return { ok: false, error: refusedError([{ path: [], message: `the body is larger than ${Math.round(max / 1024)} KB` }], outcome, 413) };
  let raw: unknown;
  try {
    raw = JSON.parse(text || 'null') as unknown;
  } catch {
    return { ok: false, error: refusedError([{ path: [], message: 'the body must be JSON' }], outcome) };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: refusedError(parsed.error.issues, outcome) };
}
