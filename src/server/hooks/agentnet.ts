import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { readCappedBytes } from '../../node-lib/capped-body';
import { HOOK_HEADERS, HookEnvelope, type HookDelivery } from '../../contracts/agentnet';
import type { AgentnetStore } from '../agentnet/store';
import type { EventHub } from '../watch/hub';

/**
 * `POST /api/hooks/agentnet/{hookId}`: the receiver of subnet events. Public, authenticated by
 * the signature only: `X-ACN-Signature` (live) or `X-AGENTNET-Signature` (document), each
 * `sha256=<hex HMAC-SHA256(secret, raw body)>`, compared in constant time over the raw bytes.
 * Every delivery, verified or refused, is logged and pushed to every open tab.
 */
export const MAX_HOOK_BODY = 256 * 1024;

const expected = (secret: string, raw: Buffer) => createHmac('sha256', secret).update(raw).digest();
function matches(header: string | undefined, secret: string, raw: Buffer): boolean | null {
  if (!header) return null;
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1];
  if (!hex) return false;
  const given = Buffer.from(hex, 'hex');
  const want = expected(secret, raw);
  return given.length === want.length && timingSafeEqual(given, want);
}

export function createAgentnetReceiver({ store, hub, now }: { store: AgentnetStore; hub: EventHub; now: () => number }) {
  const app = new Hono();
  app.post('/:hookId', async (c) => {
    const hook = store.hook(c.req.param('hookId'));
    if (!hook) return c.json({ error: 'unknown receiver' }, 404);
    const raw = await readCappedBytes(c.req.raw, MAX_HOOK_BODY);
    if (raw === null) return c.json({ error: `A delivery takes at most ${MAX_HOOK_BODY / 1024} KB: this one was not read or logged.` }, 413);
    const acn = matches(c.req.header(HOOK_HEADERS.signature), hook.secret, raw);
    const doc = matches(c.req.header(HOOK_HEADERS.documentSignature), hook.secret, raw);
    // A present header must match; at least one must be present.
    const verified = (acn === true || doc === true) && acn !== false && doc !== false;
    const refusal = verified ? null : acn === null && doc === null ? 'no signature header (X-ACN-Signature or X-AGENTNET-Signature)' : 'the signature does not match the body and the receiver secret';
    let envelope: HookEnvelope | null;
    try {
      const parsed = HookEnvelope.safeParse(JSON.parse(raw.toString('utf8')));
      envelope = parsed.success ? parsed.data : null;
    } catch {
      envelope = null;
    }
    const data = (envelope?.data ?? null) as Record<string, unknown> | null;
    const event = envelope?.event ?? c.req.header(HOOK_HEADERS.event) ?? null;
    const delivery: Omit<HookDelivery, 'id'> = {
      hookId: hook.hook_id,
      receivedAt: now(),
      verified,
      refusal: verified && !envelope ? null : refusal,
      signatureHeader: verified ? (acn ? 'X-ACN-Signature' : 'X-AGENTNET-Signature') : null,
      event,
      webhookId: c.req.header(HOOK_HEADERS.webhookId) ?? null,
      taskId: envelope?.task_id ?? null,
      subnetId: typeof data?.subnet_id === 'string' ? data.subnet_id : null,
      orgId: event?.startsWith('org.') ? (envelope?.task_id ?? null) : typeof data?.org_id === 'string' ? data.org_id : null,
      data: verified ? (data ?? null) : null,
      body: raw.toString('utf8').slice(0, 64 * 1024),
    };
    const logged = store.logDelivery(delivery);
    hub.publish({ type: 'agentnet-hook', delivery: logged });
    return verified ? c.json({ received: true, id: logged.id }) : c.json({ error: refusal }, 401);
  });
  return app;
}
