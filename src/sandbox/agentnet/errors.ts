import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';

/**
 * Every error the agent network sandbox answers, in one place. The live service answers four
 * body shapes depending on the route (docs/live-services.md#agent-network--errors); the sandbox uses each where the live one does:
 *
 * 1. `{"detail": "..."}` (FastAPI's HTTPException): 401 missing or invalid key and bad client
 *    credentials, 404 agent not found, 404 unknown path, 405 method not allowed, 400 bad grant.
 * 2. `{"detail": [{"loc", "msg", "type"}]}`: 422 body or query validation, from the contract
 *    schemas (validation.ts maps zod issues; `loc` starts with `body` or `query`).
 * 3. `{"error_code", "message", "details", "request_id"}`: the service's domain rules.
 *    400 NAME_REJECTED, ENDPOINT_UNREACHABLE, ENDPOINT_REQUIRED, PUSH_POLICY_REQUIRED,
 *    RESERVED_SUBNET, RESERVED_SUBNET_PARENT, SUBNET_NESTING_TOO_DEEP;
 *    403 FORBIDDEN with `details.reason` (not_own_agent, not_owner, not_parent_member,
 *    parent_membership_required, not_applicant, reserved_subnet);
 *    404 SUBNET_NOT_FOUND (missing or hidden, identical), JOIN_REQUEST_NOT_FOUND,
 *    MEMBERSHIP_NOT_FOUND, DELETION_REQUEST_NOT_FOUND;
 *    409 AGENT_OWNS_SUBNETS, SUBNET_EXISTS, SUBNET_HAS_CHILDREN, OWNER_CANNOT_LEAVE,
 *    OWNS_CHILD_SUBNET, JOIN_REQUEST_NOT_PENDING, PARENT_MEMBERSHIP_REQUIRED;
 *    5xx INTERNAL_ERROR, which also carries `error` with the code.
 * 4. `{"error": "Rate limit exceeded: 5 per 1 minute"}` with `Retry-After`: 429.
 *
 * `request_id` echoes the caller's `X-Request-ID` when it sends one (and is answered in that
 * header too), so two answers to the same request are byte-identical; otherwise it is random.
 */

export type ValidationItem = { loc: Array<string | number>; msg: string; type: string };
type Body = Record<string, unknown>;

export class AcnError extends Error {
  constructor(
    readonly status: number,
    private readonly body: Body | ((requestId: string) => Body),
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'function' ? 'agentnet domain error' : JSON.stringify(body));
  }

  bodyFor(requestId: string): Body {
    return typeof this.body === 'function' ? this.body(requestId) : this.body;
  }
}

/** `{detail: "..."}`: authentication, agent lookups, unknown paths. */
export const detailError = (status: number, detail: string, headers?: Record<string, string>) => new AcnError(status, { detail }, headers);

export const unauthorized = (detail = 'Invalid or missing API key') => detailError(401, detail, { 'WWW-Authenticate': 'Bearer' });
export const agentNotFound = () => detailError(404, 'Agent not found');

/** `{detail: [{loc, msg, type}]}`: request validation. */
export const validationError = (items: ValidationItem[]) => new AcnError(422, { detail: items });

/** `{error_code, message, details, request_id}`: the service's domain rules. */
export const domainError = (status: number, code: string, message: string, details: Record<string, unknown> = {}) =>
  new AcnError(status, (requestId) => ({
    error_code: code,
    message,
    details,
    request_id: requestId,
    ...(status >= 500 ? { error: code } : {}),
  }));

export const forbidden = (reason: string, message: string) => domainError(403, 'FORBIDDEN', message, { reason });

/** Missing and private-without-access subnets answer exactly this (document, rule 5). */
export const subnetNotFound = (subnetId: string) => domainError(404, 'SUBNET_NOT_FOUND', `Subnet '${subnetId}' not found`, { subnet_id: subnetId });

/** `{error: "Rate limit exceeded: ..."}` with `Retry-After`. */
export const rateLimited = (limit: string, retryAfterSeconds: number) =>
  new AcnError(429, { error: `Rate limit exceeded: ${limit}` }, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export function requestIdOf(c: Context): string {
  const given = c.req.header('x-request-id');
  return given && /^[A-Za-z0-9_.:-]{1,80}$/.test(given) ? given : `req_${randomBytes(8).toString('hex')}`;
}

export function respond(c: Context, err: AcnError): Response {
  const requestId = requestIdOf(c);
  return c.json(err.bodyFor(requestId), err.status as 400, { ...err.headers, 'X-Request-ID': requestId });
}

const faultCodes: Record<number, [string, string]> = {
  403: ['FORBIDDEN', 'Forbidden'],
  409: ['CONFLICT', 'Conflict'],
};

/** Body of an injected fault (faults.middleware): the shape the live service uses for that status. */
export function faultBody(status: number): unknown {
  if (status === 429) return { error: 'Rate limit exceeded: 5 per 1 minute' };
  if (status === 401) return { detail: 'Invalid or missing API key' };
  if (status === 404) return { detail: 'Not Found' };
  if (status === 422) return { detail: [{ loc: ['body'], msg: 'Input should be a valid object', type: 'model_attributes_type' }] };
  const [code, message] = status >= 500 ? ['INTERNAL_ERROR', 'Internal server error'] : (faultCodes[status] ?? ['BAD_REQUEST', 'Bad request']);
  return domainError(status, code, message).bodyFor(`req_fault_${status}`);
}

/** Non-AcnError exceptions: a coded 500, never a stack trace. */
export const internalError = () => domainError(500, 'INTERNAL_ERROR', 'Internal server error');
