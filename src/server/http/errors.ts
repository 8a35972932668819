import type { Context } from 'hono';
import type { ApiError } from '../../contracts/errors';
import { fieldErrors, firstField, issuesSentence, type Issue } from '../../contracts/issues';
import type { Refusal } from '../../node-lib/operation-input';

/**
 * The BFF's one way of building and answering an error: `{error: {status, code, message,
 * retryAfter, field, fields}}`, the message a sentence that says what failed and what to do.
 */
export const apiError = (status: number, code: string, message: string, extra: Partial<ApiError> = {}): ApiError => ({
  status,
  code,
  message,
  retryAfter: null,
  field: null,
  ...extra,
});

export const fail = (c: Context, e: ApiError) => c.json({ error: e }, e.status as 400);

/** A refused body, query or path: every reason, each field with its own; `outcome` says what did not happen. */
export function refusedError(issues: ReadonlyArray<Issue>, outcome = 'Nothing was sent', status = 400): ApiError {
  return apiError(status, status === 413 ? 'too_large' : 'invalid_input', `${outcome}: ${issuesSentence(issues)}.`, {
    field: firstField(issues),
    fields: fieldErrors(issues),
  });
}

export const refusal = (r: Refusal, outcome?: string) => refusedError(r.issues, outcome, r.status);

/** A page asked for with a cursor this console did not give (or from an older version): 400, nothing read. */
export const staleCursor = (c: Context): Response =>
  fail(c, apiError(400, 'invalid_input', 'Nothing was read: cursor is not one this console gave. Start again from the first page.', { field: 'cursor' }));
