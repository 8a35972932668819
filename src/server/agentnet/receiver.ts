import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { receiver } from '../../contracts/bff-routes/agentnet';
import { readCappedBytes } from '../../node-lib/capped-body';
import type { BffHandler } from '../http/bff-route';
import { HOOK_HEADERS, HookEnvelope, type HookDelivery } from '../../contracts/agentnet';
import type { AgentnetStore } from './store';
import type { EventHub } from '../events/hub';
import { clientIp } from '../http/client';
import { RefusedRate, refusedPreview } from '../hooks/refused';

/**
 * The receiver of subnet events (contracts/bff-routes/agentnet.ts, `receiver`). Public, authenticated by
 * the signature only: `X-ACN-Signature` (live) or `X-AGENTNET-Signature` (document), each
 * `sha256=<hex HMAC-SHA256(secret, raw body)>`, compared in constant time over the raw bytes.
 * Every delivery, verified or refused, is logged and pushed to every open tab; refused ones are
 * bounded (hooks/refused.ts: a 2 KB preview, over the rate answered 429 and not logged). A body
 * already answered 2xx is refused as a replay (409), whatever its `X-ACN-Webhook-ID` says (the
 * header is not signed); a retry after a non-2xx answer passes.
 */

const expected = (secret: string, raw: Buffer) => createHmac('sha256', secret).update(raw).digest();
function matches(header: string | undefined, secret: string, raw: Buffer): boolean | null {
  if (!header) return null;
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1];
  if (!hex) return false;
  const given = Buffer.from(hex, 'hex');
  const want = expected(secret, raw);
  return given.length === want.length && timingSafeEqual(given, want);
}

export function agentnetReceiver({ store, hub, now, trustProxy = false }: { store: AgentnetStore; hub: EventHub; now: () => number; trustProxy?: boolean }): BffHandler<typeof receiver> {
  const refusals = new RefusedRate();
  return async ({ params }, c) => {
    const hook = await store.hook(params.hookId);
    if (!hook) return c.json({ error: 'unknown receiver' }, 404);
    const raw = await readCappedBytes(c.req.raw, receiver.maxBody);
    if (raw === null) return c.json({ error: `A delivery takes at most ${receiver.maxBody / 1024} KB: this one was not read or logged.` }, 413);
    const acn = matches(c.req.header(HOOK_HEADERS.signature), hook.secret, raw);
    const doc = matches(c.req.header(HOOK_HEADERS.documentSignature), hook.secret, raw);
    // A present header must match; at least one must be present.
    const signed = (acn === true || doc === true) && acn !== false && doc !== false;
    const at = now();
    const webhookId = c.req.header(HOOK_HEADERS.webhookId) ?? null;
    let envelope: HookEnvelope | null;
    try {
      const parsed = HookEnvelope.safeParse(JSON.parse(raw.toString('utf8')));
      envelope = parsed.success ? parsed.data : null;
    } catch {
      envelope = null;
    }
    const data = (envelope?.data ?? null) as Record<string, unknown> | null;
    const event = envelope?.event ?? c.req.header(HOOK_HEADERS.event) ?? null;
    const base = {
      hookId: hook.hook_id,
      receivedAt: at,
      event,
      webhookId,
      taskId: envelope?.task_id ?? null,
      subnetId: typeof data?.subnet_id === 'string' ? data.subnet_id : null,
      orgId: event?.startsWith('org.') ? (envelope?.task_id ?? null) : typeof data?.org_id === 'string' ? data.org_id : null,
    };
    if (signed) {
      const accepted: Omit<HookDelivery, 'id'> = { ...base, verified: true, refusal: null, signatureHeader: acn ? 'X-ACN-Signature' : 'X-AGENTNET-Signature', data, body: raw.toString('utf8').slice(0, 64 * 1024) };
      const logged = await store.logAnswered(accepted, createHash('sha256').update(raw).digest('hex'));
      if (logged) {
        hub.publish({ type: 'agentnet-hook', delivery: logged });
        return c.json({ received: true, id: logged.id });
      }
    }
    const refusal = signed
      ? `this delivery was already received and answered${webhookId ? ` (X-ACN-Webhook-ID ${webhookId.slice(0, 200)})` : ''}: a replayed delivery`
      : acn === null && doc === null
        ? 'no signature header (X-ACN-Signature or X-AGENTNET-Signature)'
        : 'the signature does not match the body and the receiver secret';
    const source = clientIp(c, trustProxy);
    if (!refusals.take(source, at)) {
      c.header('retry-after', String(refusals.retryAfter(source, at)));
      return c.json({ error: refusals.message(source, at) }, 429);
    }
    const logged = await store.logDelivery({ ...base, verified: false, refusal, signatureHeader: null, data: null, body: refusedPreview(raw) });
    hub.publish({ type: 'agentnet-hook', delivery: logged });
    return c.json({ error: refusal }, signed ? 409 : 401);
  };
}
