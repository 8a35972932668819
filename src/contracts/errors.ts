import { z } from './zod';

/**
 * One shape for every error the console can meet. The services answer errors in several body
 * shapes (docs/live-services.md (each service's errors: #3d-generation--errors, #social-data--errors, #agent-network--errors)); `parseErrorBody` reads them all into this.
 */
export const ApiError = z.object({
  status: z.int(),
  code: z.string(),
  message: z.string(),
  /** Seconds to wait before trying again, from `Retry-After` or the body. */
  retryAfter: z.nullable(z.number()),
  /** The request field at fault, when the error is about one. */
  field: z.optional(z.nullable(z.string())),
  /** Every refused field with its reason (`fieldErrors` of contracts/issues), for forms to show beside each field. */
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof ApiError>;

/** The BFF's own error body. */
export const ApiErrorBody = z.object({ error: ApiError });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

const ValidationItem = z.looseObject({
  loc: z.optional(z.array(z.union([z.string(), z.number()]))),
  msg: z.optional(z.string()),
});

/** The upstream error body shapes of the three services (documents and live-service notes (docs/live-services.md (each service's errors: #3d-generation--errors, #social-data--errors, #agent-network--errors))). */
// agent network: {error_code, message, details, request_id} (5xx may add `error`)
const CodedBody = z.looseObject({ error_code: z.string(), message: z.optional(z.string()), details: z.optional(z.unknown()) });
// agent network validation 422: {detail: [{loc, msg, type}]}
const ValidationBody = z.looseObject({ detail: z.array(ValidationItem) });
// agent network: {detail: "..."}
const DetailBody = z.looseObject({ detail: z.string() });
// social: {error: "snake_code", message?, retryAfter?, retryAfterMs?}; agent network 429: {error: "Rate limit exceeded: ..."}
const SocialBody = z.looseObject({
  error: z.string(),
  message: z.optional(z.string()),
  retryAfter: z.optional(z.coerce.number()),
  retryAfterMs: z.optional(z.coerce.number()),
});
// 3D: {message}
const MessageBody = z.looseObject({ message: z.string() });

const statusCodes: Record<number, string> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'unprocessable',
  429: 'rate_limited',
};

export function codeForStatus(status: number): string {
  return statusCodes[status] ?? (status >= 500 ? 'upstream_error' : 'error');
}

/** Parses `Retry-After` (seconds or an HTTP date) into seconds. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

const snakeToWords = (code: string) => code.replace(/[_-]+/g, ' ').trim();

/**
 * Reads any upstream error body (already JSON-parsed, or raw text) into the common shape.
 * Unknown bodies still give a status-based message; nothing here throws.
 */
export function parseErrorBody(status: number, body: unknown, retryAfterHeader?: string | null): ApiError {
  const headerRetry = parseRetryAfter(retryAfterHeader ?? null);
  const base: ApiError = { status, code: codeForStatus(status), message: '', retryAfter: headerRetry, field: null };
  const coded = CodedBody.safeParse(body);
  if (coded.success) {
    const b = coded.data;
    const details = b.details && typeof b.details === 'object' ? (b.details as Record<string, unknown>) : null;
    const reason = details && typeof details.reason === 'string' ? ` (${details.reason})` : '';
    return { ...base, code: b.error_code, message: (b.message ?? snakeToWords(b.error_code)) + reason };
  }
  const validation = ValidationBody.safeParse(body);
  if (validation.success) {
    const items = validation.data.detail.map((d) => ({
      field: (d.loc ?? []).filter((p) => p !== 'body').join('.'),
      msg: d.msg ?? 'is invalid',
    }));
    return {
      ...base,
      code: 'invalid_input',
      field: items[0]?.field || null,
      message: items.map((i) => (i.field ? `${i.field}: ${i.msg}` : i.msg)).join('; '),
    };
  }
  const detail = DetailBody.safeParse(body);
  if (detail.success) return { ...base, message: detail.data.detail };
  const social = SocialBody.safeParse(body);
  if (social.success) {
    const b = social.data;
    const fromBody = b.retryAfter ?? (b.retryAfterMs !== undefined ? b.retryAfterMs / 1000 : undefined);
    const isCode = /^[a-z0-9_]+$/.test(b.error);
    return {
      ...base,
      code: isCode ? b.error : base.code,
      message: b.message ?? (isCode ? snakeToWords(b.error) : b.error),
      retryAfter: headerRetry ?? fromBody ?? null,
    };
  }
  const plain = MessageBody.safeParse(body);
  if (plain.success) return { ...base, message: plain.data.message };
  const text = typeof body === 'string' ? body.trim().slice(0, 300) : '';
  return { ...base, message: text && !text.startsWith('<') ? text : '' };
}
