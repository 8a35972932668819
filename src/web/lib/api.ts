import type { z } from '../../contracts/zod';
import { ApiErrorBody, type ApiError } from '../../contracts/errors';
import { takeFirstAnswer } from './preloaded-answers';

/** An error from the console's API, already a sentence for the operator. */
export class ApiRequestError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiRequestError';
  }
  get status() {
    return this.error.status;
  }
  get field() {
    return this.error.field ?? null;
  }
}

const unreachable = (): ApiError => ({
  status: 0,
  code: 'network',
  message: 'Could not reach the console server. Check that it is still running, then try again.',
  retryAfter: null,
  field: null,
});

/** Calls the BFF and validates the answer with `schema`; errors become `ApiRequestError`s. */
export async function api<S extends z.ZodMiniType>(path: string, schema: S, init?: RequestInit & { json?: unknown }): Promise<z.output<S>> {
  const { json, ...rest } = init ?? {};
  const carried = json === undefined && (rest.method ?? 'GET').toUpperCase() === 'GET' ? takeFirstAnswer(path) : undefined;
  if (carried !== undefined) return readAnswer(schema, carried);
  let res: Response;
  try {
    res = await fetch(path, {
      ...rest,
      headers: { accept: 'application/json', ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(unreachable());
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // handled below
  }
  if (!res.ok) {
    const parsed = ApiErrorBody.safeParse(body);
    throw new ApiRequestError(
      parsed.success
        ? parsed.data.error
        : { status: res.status, code: 'http_error', message: `The console server answered ${res.status} ${res.statusText}.`, retryAfter: null, field: null },
    );
  }
  return readAnswer(schema, body);
}

/** The BFF's answer checked with `schema`: one it cannot read is a 502 in words. */
function readAnswer<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: 502,
      code: 'bad_response',
      message: `The console received an answer it cannot read (${parsed.error.issues[0]?.path.join('.') ?? 'body'}: ${parsed.error.issues[0]?.message ?? 'invalid'}).`,
      retryAfter: null,
      field: null,
    });
  }
  return parsed.data;
}

/** A readable message for any thrown value. */
export const errorMessage = (err: unknown) =>
  err instanceof ApiRequestError ? err.message : err instanceof Error ? `Something went wrong: ${err.message}` : 'Something went wrong.';
