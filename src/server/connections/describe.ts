import { parseErrorBody, type ApiError } from '../../contracts/errors';
import { answerText, GuardedFetchError } from '../../node-lib/guarded-fetch';
import { services, type ServiceId } from '../../contracts/services';

const serviceName = (s: ServiceId) => `the ${services[s].label} service`;
const withDetail = (m: string) => (m ? `: ${m.replace(/\.$/, '')}` : '');

/**
 * Turns an upstream error into a sentence: what failed, why, what to do. `advise: false` leaves out
 * the advice to try again, for a write that may have been done (spend/lifecycle.ts says what to do).
 */
export function describe(service: ServiceId, e: ApiError, advise = true): ApiError {
  const name = serviceName(service);
  const Name = name[0]?.toUpperCase() + name.slice(1);
  const m = e.message;
  let message: string;
  if (e.status === 400) message = `${Name} rejected the request${withDetail(m)}. Correct it and send it again.`;
  else if (e.status === 401) message = `${Name} refused the API key (401)${withDetail(m)}. Check the key on the Connections page.`;
  else if (e.status === 402)
    message = `Not enough credits${withDetail(m)}. Top up the account (live: in the service's dashboard; the sandbox: on the Connections page), or pick a cheaper option.`;
  else if (e.status === 403)
    // A named rule (ownership_mismatch, not_owner, ...) is the reason; otherwise the key lacks permission.
    message = `${Name} refused access (403)${withDetail(m)}.${e.code === 'forbidden' ? ' The key may lack permission for this operation.' : ''}`;
  // The service's own words may already say it is gone: the hint is not said twice.
  else if (e.status === 404) message = `Not found${withDetail(m)}.${/not exist|never existed|deleted|no longer/i.test(m) ? '' : ' It may have been deleted or never existed.'}`;
  else if (e.status === 409) message = `${Name} reports a conflict${withDetail(m)}.`;
  else if (e.status === 422) message = `${Name} cannot process this${withDetail(m)}.`;
  else if (e.status === 429) {
    const wait = e.retryAfter !== null ? ` Wait ${Math.ceil(e.retryAfter)} s and try again.` : ' Wait a moment and try again.';
    message = /NoMoreConcurrentTasks/i.test(m)
      ? `Too many tasks are queued on this account (NoMoreConcurrentTasks). Let one finish first.${wait}`
      : `${Name} is limiting the request rate${/try again/i.test(m) ? '' : withDetail(m)}.${wait}`;
  } else if (e.status >= 500) message = `${Name} had a server error (${e.status})${withDetail(m)}.${/try again/i.test(m) || !advise ? '' : ' Try again in a moment.'}`;
  else message = `${Name} answered ${e.status}${withDetail(m)}.`;
  return { ...e, message };
}

/** Reads an upstream error response into the common shape, described. */
export async function upstreamError(service: ServiceId, res: Response, advise = true): Promise<ApiError> {
  const text = await answerText(res).catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: parseErrorBody keeps short plain text
  }
  return describe(service, parseErrorBody(res.status, body, res.headers.get('retry-after')), advise);
}

/**
 * No answer: the destination was refused by the console's rules, a time or size limit tripped
 * (named), or the network failed. `advise: false` as in `describe`.
 */
export function unreachable(service: ServiceId, baseUrl: string, err: unknown, advise = true): ApiError {
  const name = serviceName(service);
  const base = { retryAfter: null, field: null };
  if (err instanceof GuardedFetchError) {
    if (err.reason === 'refused') return { ...base, status: 400, code: 'destination_refused', message: `Nothing was sent to ${name}: ${err.message}. Check the base URL on the Connections page.` };
    if (err.reason === 'connect_limit' || err.reason === 'total_limit' || err.reason === 'idle_limit')
      return { ...base, status: 504, code: 'upstream_timeout', message: `${upper(name)} at ${baseUrl} did not answer in time: ${err.message}.${advise ? ' Try again in a moment.' : ''}` };
    if (err.reason === 'too_large') return { ...base, status: 502, code: 'upstream_too_large', message: `${upper(name)} sent more than the console takes: ${err.message}.` };
    if (err.reason === 'network' && err.code) return { ...base, status: 502, code: 'upstream_unreachable', message: `Could not reach ${name} at ${baseUrl} (${err.code}).${advise ? ' Check the base URL and the network, then try again.' : ''}` };
  }
  // Only a system error code (ECONNREFUSED) is named: an internal message never reaches the operator.
  const code = (err as { cause?: { code?: unknown }; code?: unknown } | null)?.cause?.code ?? (err as { code?: unknown } | null)?.code;
  const cause = typeof code === 'string' && /^[A-Z_]{3,40}$/.test(code) ? ` (${code})` : '';
  return { ...base, status: 502, code: 'upstream_unreachable', message: `Could not reach ${name} at ${baseUrl}${cause}.${advise ? ' Check the base URL and the network, then try again.' : ''}` };
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
