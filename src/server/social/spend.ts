import { drawCredits, MONITOR_CREDITS_PER_HOUR, postIdOf, socialSpend } from '../../contracts/social';
import type { ApiError } from '../../contracts/errors';
import type { Upstream } from '../connections/upstream';
import { apiError } from '../http/errors';

/**
 * Where the spend ledger and spend guard (being built on the server side) plug in: every
 * credit-spending social operation is priced here before it is sent, and the gate decides. Until
 * the lead wires the real guard, the gate lets everything through (`allowAll`).
 */
export type SpendRequest = { service: 'social'; opId: string; what: string; credits: number; basis: string; mode: 'sandbox' | 'live' };
export type SpendGate = (req: SpendRequest) => Promise<{ ok: true } | { ok: false; error: ApiError }>;
export const allowAll: SpendGate = async () => ({ ok: true });

export const spends = (opId: string) => socialSpend.some((s) => s.opId === opId);

/** The price of a credit-spending operation, known before it is sent (see contracts/social/spend.ts). */
export async function priceOf(opId: string, body: Record<string, unknown>, upstream: Upstream): Promise<{ credits: number; basis: string } | { error: ApiError }> {
  const rule = socialSpend.find((s) => s.opId === opId);
  if (!rule) return { credits: 0, basis: 'free' };
  if (rule.priceFrom === 'per-hour') return { credits: MONITOR_CREDITS_PER_HOUR, basis: `${MONITOR_CREDITS_PER_HOUR} credit for the first active hour, then hourly` };
  if (rule.priceFrom === 'estimate') {
    const res = await upstream.request('/api/v1/extractions/estimate', { method: 'POST', body: JSON.stringify(body) });
    const json = (await res.json().catch(() => null)) as { creditsRequired?: string | number; estimatedResults?: number; message?: string } | null;
    if (!res.ok || !json) return { error: apiError(res.status || 502, 'estimate_failed', `The extraction could not be priced: ${json?.message ?? `the estimate answered ${res.status}`}. Nothing was sent.`) };
    return { credits: Number(json.creditsRequired ?? 0), basis: `estimate: ${json.estimatedResults ?? '?'} results` };
  }
  const id = postIdOf(String(body.tweetUrl ?? ''));
  const res = id ? await upstream.request(`/api/v1/x/tweets/${id}`) : null;
  const json = res && res.ok ? ((await res.json()) as { tweet?: { replyCount?: number } }) : null;
  if (!json?.tweet) {
    await res?.body?.cancel();
    return { error: apiError(res?.status ?? 400, 'price_unknown', 'The draw could not be priced: its post could not be read. Nothing was sent.') };
  }
  const entries = json.tweet.replyCount ?? 0;
  return { credits: drawCredits(entries), basis: `${entries.toLocaleString('en')} replies` };
}
