import type { ApiError } from '../../contracts/errors';
import { fillPath, type Operation, type Price } from '../../contracts/routes';
import { drawCredits, postIdOf, socialOps } from '../../contracts/social';
import type { Upstream } from '../connections/upstream';
import { apiError } from '../http/errors';

const exactly = (n: number): Price => ({ min: n, max: n });

/**
 * The price of a quoted social write, asked of the service before the write is recorded and sent
 * (contracts/social/spend.ts): an extraction's estimate of the same body, a draw's post and its
 * replies. These are reads: nothing is spent by asking.
 */
export async function quoteSocial(op: Operation, body: Record<string, unknown>, upstream: Upstream): Promise<Price | ApiError> {
  if (op.id === socialOps['extractions.create'].id) {
    const res = await upstream.request(socialOps['extractions.estimate'].path, { method: 'POST', body: JSON.stringify(body) });
    const json = (await res.json().catch(() => null)) as { creditsRequired?: string | number; message?: string; error?: string } | null;
    const credits = Number(json?.creditsRequired);
    if (!res.ok || !Number.isFinite(credits)) {
      const why = json?.message ?? json?.error ?? `the estimate answered ${res.status}`;
      return apiError(res.ok ? 502 : res.status, 'price_unknown', `The extraction could not be priced: ${why.replace(/\.$/, '')}. Nothing was sent.`);
    }
    return exactly(credits);
  }
  if (op.id === socialOps['draws.create'].id) {
    const id = postIdOf(String(body.tweetUrl ?? ''));
    const res = id ? await upstream.request(fillPath(socialOps['tweets.get'].path, { id })) : null;
    const json = res?.ok ? ((await res.json().catch(() => null)) as { tweet?: { replyCount?: number } } | null) : null;
    if (!json?.tweet) {
      await res?.body?.cancel();
      return apiError(res && res.status >= 400 ? res.status : 400, 'price_unknown', 'The draw could not be priced: its post could not be read. Nothing was sent.');
    }
    return exactly(drawCredits(json.tweet.replyCount ?? 0));
  }
  return apiError(500, 'price_unknown', `The console does not know how to price "${op.summary}", so nothing was sent.`);
}
