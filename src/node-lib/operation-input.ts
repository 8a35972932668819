import type { Context } from 'hono';
import type { output, ZodMiniType } from 'zod/mini';
import { DEFAULT_MAX_BODY, type Operation } from '../contracts/routes';
import type { Issue } from '../contracts/issues';
import { readCapped, sizeWords } from './capped-body';

/**
 * Reads and checks what a request gives one operation, or one route of the BFF's own API: its path
 * parameters, query string and JSON body, against the entry's schemas, the body read no further
 * than its limit. The BFF (its proxy and its own routes) and the three sandboxes all read requests
 * through this, each answering a refusal in its own dialect; the checked input is also kept on the
 * request as Hono's validated data (`c.req.valid('json' | 'query' | 'param')`).
 */
export type Refusal = { status: 400 | 413; where: 'params' | 'query' | 'body'; issues: Issue[] };

/** What an entry of a table declares about its input (a service's operation, a BFF route). */
export type InputSpec = { readonly params?: ZodMiniType; readonly query?: ZodMiniType; readonly body?: ZodMiniType; readonly maxBody?: number };
type Out<S> = S extends ZodMiniType ? output<S> : undefined;
/** What a handler receives once the entry's checks passed. */
export type CheckedInput<E extends InputSpec> = { params: Out<E['params']>; query: Out<E['query']>; body: Out<E['body']> };
export type InputResult<E extends InputSpec> = { ok: true; input: CheckedInput<E>; raw: unknown } | { ok: false; refusal: Refusal };

const refuse = (where: Refusal['where'], message: string, code: string, status: Refusal['status'] = 400): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { status, where, issues: [{ path: [], message, code }] },
});

/** Deepest nesting a body may have: no document nests deeper than a few levels, and deep nesting only serves to exhaust a stack. */
export const MAX_BODY_DEPTH = 64;

/** True when a parsed JSON value nests deeper than `max` (measured without recursion). */
function tooDeep(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (!v || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) if (x && typeof x === 'object') stack.push([x, depth + 1]);
  }
  return false;
}

/**
 * An absolute URL's query string with its `?` (empty when it has none or it is empty), as
 * `new URL(url).search` reads it, without parsing the rest of the URL (done per request, twice).
 */
export function searchOf(url: string): string {
  const hash = url.indexOf('#');
  const end = hash === -1 ? url.length : hash;
  const q = url.indexOf('?');
  return q === -1 || q >= end - 1 ? '' : url.slice(q, end);
}

/** Query values: one string per parameter, a list when it was given more than once. */
export function queryObject(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const search = searchOf(url);
  if (search === '') return out;
  for (const [key, value] of new URLSearchParams(search)) {
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** How a refusal names what the request was sent to: `this operation` (a service's) or `this` (a route of the BFF's). */
export type Takes = 'this operation' | 'this';
const tooLarge = (max: number, takes: Takes) => refuse('body', `the body is larger than ${takes} takes (${sizeWords(max)})`, 'too_large', 413);

/**
 * The JSON body for a check that runs before the schemas (a domain rule the live service checks
 * first): read once, with the operation's limit, and put back for `readOperationInput`. Its value
 * is undefined when it is not JSON (the reader refuses it next); a body over the limit is refused.
 */
export async function peekJsonBody(c: Context, op: Operation): Promise<{ ok: true; raw: unknown } | { ok: false; refusal: Refusal }> {
  const max = op.maxBody ?? DEFAULT_MAX_BODY;
  const text = await readCapped(c.req.raw, max);
  if (text === null) return tooLarge(max, 'this operation');
  c.req.raw = new Request(c.req.raw, { body: text });
  try {
    return { ok: true, raw: JSON.parse(text) as unknown };
  } catch {
    return { ok: true, raw: undefined };
  }
}

export async function readOperationInput<E extends InputSpec>(c: Context, op: E, takes: Takes = 'this operation'): Promise<InputResult<E>> {
  const input = { params: undefined, query: undefined, body: undefined } as Record<keyof CheckedInput<E>, unknown>;
  if (op.params) {
    const parsed = op.params.safeParse(c.req.param());
    if (!parsed.success) return { ok: false, refusal: { status: 400, where: 'params', issues: parsed.error.issues } };
    input.params = parsed.data;
    c.req.addValidatedData('param', parsed.data as object);
  }
  if (op.query) {
    const parsed = op.query.safeParse(queryObject(c.req.url));
    if (!parsed.success) return { ok: false, refusal: { status: 400, where: 'query', issues: parsed.error.issues } };
    input.query = parsed.data;
    c.req.addValidatedData('query', parsed.data as object);
  }
  let raw: unknown;
  if (op.body) {
    const max = op.maxBody ?? DEFAULT_MAX_BODY;
    const text = await readCapped(c.req.raw, max);
    if (text === null) return tooLarge(max, takes);
    try {
      raw = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
    } catch {
      return refuse('body', 'the body must be JSON', 'invalid_json');
    }
    if (tooDeep(raw, MAX_BODY_DEPTH)) return refuse('body', `the body nests deeper than ${MAX_BODY_DEPTH} levels`, 'too_deep');
    const parsed = op.body.safeParse(raw);
    if (!parsed.success) return { ok: false, refusal: { status: 400, where: 'body', issues: parsed.error.issues } };
    input.body = parsed.data;
    c.req.addValidatedData('json', parsed.data as object);
  }
  return { ok: true, input: input as CheckedInput<E>, raw };
}
