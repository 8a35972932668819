import { receiver } from '../../contracts/bff-routes/social';
import { readCapped } from '../../node-lib/capped-body';
import type { BffHandler } from '../http/bff-route';
import type { ReceivedDelivery } from '../../contracts/social';
import type { WebhookSecrets } from './secrets';
import type { EventHub } from '../events/hub';
import type { ReceivedLog } from './received-log';
import { clientIp } from '../http/client';
import { RefusedRate } from '../hooks/refused';
import { verifyDelivery, type NonceStore } from './signature';


const field = (body: unknown, ...names: string[]) => {
  if (!body || typeof body !== 'object') return null;
  for (const n of names) {
    const v = (body as Record<string, unknown>)[n];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return null;
};

/**
 * The console as a webhook destination (contracts/bff-routes/social.ts, `receiver`). Public, authenticated by
 * the signature alone (the secret the BFF kept when it created the webhook). Every delivery is
 * judged (verified, legacy or refused), logged, and pushed to every open tab; the answer goes back
 * at once (verification is a hash and one SQLite insert: far inside the service's 10 s). Refused
 * deliveries are bounded (hooks/refused.ts): over the rate, one is answered 429 and not logged.
 */
export function socialReceiver(deps: { secrets: WebhookSecrets; nonces: NonceStore; log: ReceivedLog; hub: EventHub; now: () => number; trustProxy?: boolean }): BffHandler<typeof receiver> {
  const refusals = new RefusedRate();
  return async ({ params: { hookId } }, c) => {
    const held = deps.secrets.byHook(hookId);
    if (!held) return c.json({ error: 'not_found', message: 'No webhook of this console receives here.' }, 404);
    const raw = await readCapped(c.req.raw, receiver.maxBody);
    if (raw === null) return c.json({ error: 'too_large', message: `A delivery takes at most ${receiver.maxBody / 1024} KB.` }, 413);
    const now = deps.now();
    const v = await verifyDelivery({ secret: held.secret, headers: c.req.raw.headers, rawBody: raw, now, nonces: deps.nonces });
    const source = clientIp(c, deps.trustProxy ?? false);
    if (v.verdict === 'refused' && !refusals.take(source, now)) {
      c.header('retry-after', String(refusals.retryAfter(source, now)));
      return c.json({ error: 'rate_limited', message: refusals.message(source, now) }, 429);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = v.verdict === 'refused' ? null : raw.slice(0, 2000);
    }
    const delivery: Omit<ReceivedDelivery, 'id'> = {
      hookId,
      webhookId: held.webhookId,
      receivedAt: now,
      verdict: v.verdict,
      reason: v.reason,
      eventType: field(body, 'eventType', 'type') ?? c.req.header('x-xquik-event') ?? null,
      eventId: field(body, 'id', 'eventId'),
      deliveryId: c.req.header('x-xquik-delivery') ?? null,
      // A refused delivery's body is not trusted: kept short, for the log only.
      body: v.verdict === 'refused' ? { excerpt: raw.slice(0, 300) } : body,
    };
    const stored = await deps.log.add(delivery);
    deps.hub.publish({ type: 'social.delivery', delivery: stored });
    if (v.verdict === 'refused') return c.json({ error: 'invalid_signature', message: `Delivery refused: ${v.reason}.` }, 401);
    return c.json({ ok: true, verdict: v.verdict });
  };
}
