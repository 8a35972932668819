import { parseRetryAfter } from '../../contracts/errors';
import type { StopSignal } from '../../node-lib/guarded-fetch';

export type SendOptions = {
  /** Reads retry 5xx, 429 and network failures; writes are never retried. */
  retry: boolean;
  /** Sandbox time scale: backoff without `Retry-After` shrinks with it. */
  speed: number;
  signal?: StopSignal;
  /** A `Retry-After` longer than this is handed back to the caller instead of waited out. */
  maxWaitSeconds?: number;
};

export const MAX_ATTEMPTS = 3;
/** The official client's backoff: 2, 4, 8 s. */
const backoffMs = (attempt: number) => 2000 * 2 ** attempt;

export const sleep = (ms: number, signal?: StopSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

const retriable = (status: number) => status === 429 || status >= 500;

/** Sends a request, retrying reads as the documents allow (at most 3 tries, obeying `Retry-After`). */
export async function sendWithRetry(doRequest: () => Promise<Response>, opts: SendOptions): Promise<Response> {
  const attempts = opts.retry ? MAX_ATTEMPTS : 1;
  for (let i = 0; ; i++) {
    const last = i >= attempts - 1;
    let res: Response;
    try {
      res = await doRequest();
    } catch (err) {
      if (last || opts.signal?.aborted) throw err;
      await sleep(backoffMs(i) / opts.speed, opts.signal);
      continue;
    }
    if (last || !retriable(res.status)) return res;
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    if (retryAfter !== null && retryAfter > (opts.maxWaitSeconds ?? 30)) return res;
    await res.body?.cancel();
    await sleep(retryAfter !== null ? retryAfter * 1000 : backoffMs(i) / opts.speed, opts.signal);
    if (opts.signal?.aborted) throw new Error('aborted');
  }
}
