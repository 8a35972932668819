import { RateLimiter } from '../../node-lib/rate-limit';

/**
 * Refused webhook deliveries (no signature, a wrong one, a replay) are anyone's to send: each
 * receiver keeps only a short preview of their body, at most `keep` of them (the oldest dropped)
 * for at most `keepDays`, and at most `perSource` a minute from one address (`all` from every
 * address together); a refused delivery beyond that is answered 429 and not kept. Accepted
 * deliveries pass whatever the rate, and are kept as before.
 */
export const REFUSED = { previewBytes: 2048, keep: 1000, keepDays: 7, perSource: 30, all: 300 } as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The received time before which refused deliveries are dropped. */
export const refusedCutoff = (now: number) => now - REFUSED.keepDays * DAY;

/** The start of a refused body, at most `REFUSED.previewBytes` bytes, for the log. */
export const refusedPreview = (raw: string | Buffer) => (Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'utf8')).subarray(0, REFUSED.previewBytes).toString('utf8');

/** The key of every address together. */
const ALL = '';

/** Counts refused deliveries per source address, and from every address together, in any minute. */
export class RefusedRate {
  private readonly all = new RateLimiter(REFUSED.all, MINUTE);
  private readonly bySource = new RateLimiter(REFUSED.perSource, MINUTE);

  /** Counts one refused delivery from `source`; false when it is over the rate (answer 429 and keep nothing). */
  take(source: string, now: number): boolean {
    // The total first: the map never holds more addresses than the total allows.
    if (!this.all.allows(ALL, now) || !this.bySource.take(source, now)) return false;
    return this.all.take(ALL, now);
  }

  /** Seconds until `source` may be refused and kept again. */
  retryAfter(source: string, now: number): number {
    return Math.max(1, this.all.retryAfter(ALL, now), this.bySource.retryAfter(source, now));
  }

  /** The sentence a refused delivery over the rate is answered with. */
  message(source: string, now: number): string {
    return `Too many refused deliveries from this address (at most ${REFUSED.perSource} a minute): this one was refused and not kept. Send signed deliveries, or try again in ${this.retryAfter(source, now)} s.`;
  }
}
