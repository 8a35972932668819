import { ACT_AS_HEADER, ACT_AS_OWNER_HEADER } from '../../contracts/bff';
import { fieldErrors, firstField, issuesSentence } from '../../contracts/issues';
import { fillPath } from '../../contracts/paths';
import type { Operation } from '../../contracts/routes';
import { z } from '../../contracts/zod';
import { api, ApiRequestError } from './api';
import { servicePath } from './bff';

/** What a call of an operation gives: its path parameters, query and body, and who it is sent as. */
export type OperationCall = {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  /** The agent the BFF sends the request as (agents only). */
  actAs?: string | null;
  /** Sent with the human owner's identity token instead of an agent key (agents only: claim, transfer, deletion). */
  asOwner?: boolean;
  /** Headers the operation declares (`op.headers`, e.g. the social writes' Idempotency-Key); others are not sent. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
};

/** What an entry of a table answers (a service's operation, a route of the BFF's own API): its answer schema's output. */
export type Answer<E extends { readonly answer?: z.ZodMiniType }> = E['answer'] extends z.ZodMiniType ? z.output<E['answer']> : unknown;

/** The BFF path of an operation: `/api/{service}{path}` with its parameters and query filled in. */
export const operationPath = (op: Operation, call: Pick<OperationCall, 'params' | 'query'> = {}) => servicePath(op.service, fillPath(op.path, call.params ?? {}), call.query);

/**
 * Calls a documented operation through the BFF, from its route-table entry: the path is never
 * written again, a body its schema refuses is never sent (the refusal carries every field's
 * reason, as the BFF's would), and the answer is read with the entry's lenient record schema.
 * (The BFF's own routes: `bff`, lib/bff.ts.)
 */
export function callOperation<O extends Operation>(op: O, call: OperationCall = {}): Promise<Answer<O>> {
  let body: unknown = call.body;
  if (op.body) {
    const checked = op.body.safeParse(call.body ?? {});
    if (!checked.success) {
      const issues = checked.error.issues;
      return Promise.reject(
        new ApiRequestError({
          status: 400,
          code: 'invalid_input',
          message: `Nothing was sent: ${issuesSentence(issues)}.`,
          retryAfter: null,
          field: firstField(issues),
          fields: fieldErrors(issues),
        }),
      );
    }
    body = call.body ?? {};
  }
  return api(operationPath(op, call), op.answer ?? z.unknown(), {
    method: op.method,
    signal: call.signal,
    headers: {
      ...Object.fromEntries(Object.entries(call.headers ?? {}).filter(([h]) => (op.headers ?? []).includes(h.toLowerCase()))),
      ...(call.actAs ? { [ACT_AS_HEADER]: call.actAs } : {}),
      ...(call.asOwner ? { [ACT_AS_OWNER_HEADER]: '1' } : {}),
    },
    ...(op.body ? { json: body } : {}),
  }) as Promise<Answer<O>>;
}
