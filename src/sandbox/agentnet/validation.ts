import type { Context } from 'hono';
import type { core, output, ZodMiniType } from 'zod/mini';
import { nameProblem } from '../../contracts/agentnet';
import { DEFAULT_MAX_BODY } from '../../contracts/routes';
import { readCapped, readCappedForm } from '../../node-lib/capped-body';
import type { Issue } from '../../contracts/issues';
import { detailError, domainError, validationError, type ValidationItem } from './errors';

/**
 * Request validation with the contract schemas. Failures become the live service's 422 body
 * `{detail: [{loc, msg, type}]}`: `loc` starts with `body` or `query`, `type` is the nearest
 * pydantic error type, `msg` is the contract's sentence.
 */

type Where = 'body' | 'query' | 'path';

function typeOf(issue: core.$ZodIssue): string {
  if ((issue.code as string) === 'invalid_json') return 'json_invalid';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'missing' : `${issue.expected}_type`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_short' : 'greater_than_equal';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'too_long' : 'less_than_equal';
    case 'invalid_value':
      return 'enum';
    case 'invalid_format':
      return 'string_pattern_mismatch';
    case 'invalid_union':
      return 'union_tag_invalid';
    case 'unrecognized_keys':
      return 'extra_forbidden';
    default:
      return 'value_error';
  }
}

export function issuesToItems(issues: readonly Issue[], where: Where): ValidationItem[] {
  return (issues as readonly core.$ZodIssue[]).flatMap((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ loc: [where, ...path, key], msg: `${key} is not a field of this operation`, type: 'extra_forbidden' }));
    }
    return [{ loc: [where, ...path], msg: issue.message, type: typeOf(issue) }];
  });
}

export function validate<S extends ZodMiniType>(schema: S, input: unknown, where: Where): output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(issuesToItems(parsed.error.issues, where));
  return parsed.data as output<S>;
}

/** A body larger than the operations take: the 413 the route table answers too, nothing read past it. */
const tooLarge = () => detailError(413, 'Request body too large');

/**
 * Reads a JSON body (at most `DEFAULT_MAX_BODY` bytes). An empty body is `{}` when the operation
 * takes none or only optional fields (`optional`), else the 422 FastAPI answers for a missing body.
 */
export async function readJson(c: Context, optional = false): Promise<unknown> {
  const text = await readCapped(c.req.raw, DEFAULT_MAX_BODY);
  if (text === null) throw tooLarge();
  if (!text.trim()) {
    if (optional) return {};
    throw validationError([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError([{ loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid' }]);
  }
}

/** Reads the body of a form or JSON request (the token endpoint takes both). */
export async function readJsonOrForm(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await readCappedForm(c.req.raw, DEFAULT_MAX_BODY);
    if (form === null) throw tooLarge();
    return form;
  }
  return readJson(c);
}

/**
 * Rejected names are a 400 domain error live (document: "UV-like validation failures such as
 * rejected names"), not a 422: checked before the schema runs.
 */
export function checkName(body: unknown) {
  if (!body || typeof body !== 'object' || !('name' in body)) return;
  const name = (body as { name: unknown }).name;
  if (typeof name !== 'string') return;
  const problem = nameProblem(name);
  if (problem) throw domainError(400, 'NAME_REJECTED', problem, { field: 'name', name });
}

export const queryOf = (c: Context): Record<string, string> => c.req.query();
