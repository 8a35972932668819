import type { Spend } from '../routes';

/**
 * What each credit-spending operation of the social service costs, and how its price is known
 * before it is sent (the spend guard records the price first). The document shows no costs; these
 * are the sandbox's, and the live service's estimate answer is the price where it gives one.
 *
 * - `extractions.create`: the estimate's `creditsRequired` (POST /extractions/estimate with the
 *   same body). In the sandbox: ceil(estimatedResults / 20), at least 1; charged at creation.
 * - `draws.create`: 1 + ceil(entries / 100), entries = the post's `replyCount` (GET /x/tweets/{id}
 *   answers it before the draw); charged when the draw runs.
 * - `monitors.create`, `monitors.keywords.create`: 1 credit per active hour, the first hour at
 *   creation, then every hour while active (`nextBillingAt`); resuming a paused monitor starts a
 *   new hour. A day of one active monitor: 24 credits (`GET /account` answers the rates).
 * - Account writes (publish, like, ...): 0 in the sandbox (`chargedCredits: "0"`).
 */
export const RESULTS_PER_CREDIT = 20;
export const MONITOR_CREDITS_PER_HOUR = 1;
export const HOUR_MS = 3_600_000;

export const extractionCredits = (estimatedResults: number) => Math.max(1, Math.ceil(estimatedResults / RESULTS_PER_CREDIT));
export const drawCredits = (entries: number) => 1 + Math.ceil(entries / 100);

const credits = (price: Spend['price'], applies?: Spend['applies']): Spend => ({ unit: 'credits', price, ...(applies ? { applies } : {}) });
/** An extraction: the service's estimate, asked with the same body; a dry run spends nothing. */
export const extractionSpend = credits({ kind: 'quoted', basis: "the service's estimate of the same request" }, (_body, query) => query.dry_run !== true);
/** A draw: 1 + ceil(entries / 100), entries being the post's replies, read before the draw. */
export const drawSpend = credits({ kind: 'quoted', basis: "1 + ceil(replies / 100), from the post's reply count" });
/** A monitor: its first active hour at creation (then hourly while active, charged by the service). */
export const monitorSpend = credits({ kind: 'fixed', amount: MONITOR_CREDITS_PER_HOUR });
