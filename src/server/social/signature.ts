import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TriptychDb } from '../store/db';

/**
 * Verification of a social webhook delivery (docs/live-services.md#social-data--signatures, current scheme): `X-Xquik-Signature:
 * sha256=<hex HMAC-SHA256(secret, "<timestamp>.<nonce>.<raw body>")>`, `X-Xquik-Timestamp` (epoch
 * ms) within 5 minutes of now, `X-Xquik-Nonce` never seen before (kept in SQLite until it could no
 * longer pass the window), compared in constant time. The older body-only signature is accepted
 * only when no timestamp header is present, and marked `legacy`; it carries no nonce, so the same
 * body is accepted once in 5 minutes (its digest under the webhook's secret is kept like a nonce).
 */
export const WINDOW_MS = 5 * 60_000;

export type Verification = { verdict: 'verified' | 'legacy'; reason: null } | { verdict: 'refused'; reason: string };

/** Each nonce once: a table of nonces with the time after which they may be forgotten. */
export class NonceStore {
  constructor(private readonly db: TriptychDb) {}

  private takes = 0;

  /** Records a nonce; false when it was already there and not yet expired (a replay). */
  async take(nonce: string, expiresAt: number, now: number): Promise<boolean> {
    if (++this.takes % 500 === 0) await this.db.q.deleteFrom('hook_nonces').where('expires_at', '<', now).execute();
    const res = await this.db.q
      .insertInto('hook_nonces')
      .values({ nonce, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('nonce')
          .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') }))
          .where('hook_nonces.expires_at', '<', now),
      )
      .executeTakeFirst();
    return res.numInsertedOrUpdatedRows === 1n;
  }
}

const HEX64 = /^sha256=([0-9a-f]{64})$/i;

/** Constant-time comparison of a `sha256=<hex>` header with the expected digest. */
function sameDigest(header: string, expected: Buffer): boolean {
  const m = HEX64.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1]!.toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function verifyDelivery(input: { secret: string; headers: Headers; rawBody: string; now: number; nonces: NonceStore }): Promise<Verification> {
  const { secret, headers, rawBody, now } = input;
  const sig = headers.get('x-xquik-signature');
  if (!sig) return { verdict: 'refused', reason: 'no X-Xquik-Signature header' };
  const timestamp = headers.get('x-xquik-timestamp');
  if (timestamp === null) {
    const expected = createHmac('sha256', secret).update(rawBody).digest();
    if (!sameDigest(sig, expected)) return { verdict: 'refused', reason: 'the body-only signature does not match this webhook’s secret' };
    // Keyed by the body's HMAC, not its bare hash: the same event sent to two webhooks is two deliveries.
    if (!(await input.nonces.take(`body:${expected.toString('hex')}`, now + WINDOW_MS, now))) return { verdict: 'refused', reason: 'this body was accepted in the last 5 minutes with a body-only signature (a replayed delivery)' };
    return { verdict: 'legacy', reason: null };
  }
  const nonce = headers.get('x-xquik-nonce');
  if (!nonce || !/^[0-9a-f]{32}$/i.test(nonce)) return { verdict: 'refused', reason: 'X-Xquik-Nonce is missing or not 32 hex characters' };
  const ts = /^\d{10,16}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(ts)) return { verdict: 'refused', reason: 'X-Xquik-Timestamp is not epoch milliseconds' };
  if (Math.abs(now - ts) > WINDOW_MS) return { verdict: 'refused', reason: `the timestamp is ${Math.round(Math.abs(now - ts) / 1000)} s away from now (more than 5 minutes)` };
  const expected = createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest();
  if (!sameDigest(sig, expected)) return { verdict: 'refused', reason: 'the signature does not match (wrong secret, or the body was changed)' };
  // Only a delivery that is otherwise valid spends its nonce: a forged one cannot block the real one.
  if (!(await input.nonces.take(nonce.toLowerCase(), ts + WINDOW_MS, now))) return { verdict: 'refused', reason: 'this nonce was used before (a replayed delivery)' };
  return { verdict: 'verified', reason: null };
}
