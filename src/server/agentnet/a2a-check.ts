import { randomBytes } from 'node:crypto';
import type { A2aCheckResult, A2aExchange } from '../../contracts/agentnet';
import { A2A_PUSH_HEADERS, cardVersions, checkReply, checkV1Reply, messageSendRequest, sendMessageV1Request, type RuleResult } from '../../contracts/agentnet';
import { DeliveryError, type Deliver } from '../../node-lib/deliver';

/**
 * The console's A2A check of an agent endpoint: a real A2A v0.3 `message/send` (what the service
 * pushes, document "Receiving side contract"), the reply judged rule by rule, with the raw
 * request and reply. When the agent card (`/.well-known/agent-card.json` at the endpoint's
 * origin) offers a v1.0 JSON-RPC interface, a v1.0 `SendMessage` is sent there too and judged.
 */
export type Exchange = A2aExchange;
export type CheckResult = Omit<A2aCheckResult, 'agentId'>;

const SHOWN = 64 * 1024;

async function exchange(deliver: Deliver, url: string, headers: Record<string, string>, body: unknown): Promise<Exchange> {
  const request = { method: 'POST' as const, url, headers, body };
  const started = performance.now();
  try {
    const res = await deliver(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
    const text = await res.text();
    return { request, reply: { status: res.status, contentType: res.headers.get('content-type'), body: text.slice(0, SHOWN), elapsedMs: Math.round(performance.now() - started) }, error: null };
  } catch (err) {
    const e = err instanceof DeliveryError ? { code: err.code, message: err.message } : { code: 'network', message: err instanceof Error ? err.message : String(err) };
    return { request, reply: null, error: e };
  }
}

/** A rule list for a request that got no answer. */
const unanswered = (e: { code: string; message: string }): RuleResult[] => [
  { id: 'reachable', rule: e.code === 'refused' ? 'The outbound rules allow this destination' : 'The endpoint answers', passed: false, detail: e.message },
];

async function readCard(deliver: Deliver, endpoint: string): Promise<CheckResult['card']> {
  const url = new URL('/.well-known/agent-card.json', endpoint).toString();
  try {
    const res = await deliver(new Request(url, { headers: { accept: 'application/json', 'a2a-version': '1.0' } }));
    if (!res.ok) return { url, found: false, v03: null, v10: null };
    return { url, found: true, ...cardVersions(JSON.parse(await res.text()) as unknown) };
  } catch {
    return { url, found: false, v03: null, v10: null };
  }
}

export async function a2aCheck(deliver: Deliver, endpoint: string, text: string): Promise<CheckResult> {
  const id = `check-${randomBytes(6).toString('hex')}`;
  const v03 = await exchange(deliver, endpoint, { ...A2A_PUSH_HEADERS }, messageSendRequest(id, text, { messageId: `${id}-m` }));
  const verdict = v03.reply ? checkReply(id, v03.reply.status, v03.reply.body) : { ok: false, kind: null, rules: unanswered(v03.error!), error: v03.error!.message };
  const card = v03.error?.code === 'refused' ? { url: new URL('/.well-known/agent-card.json', endpoint).toString(), found: false, v03: null, v10: null } : await readCard(deliver, endpoint);
  let v1: CheckResult['v1'] = { offered: false };
  if (card.v10) {
    const id1 = `${id}-v1`;
    const x = await exchange(deliver, card.v10, { 'content-type': 'application/json', accept: 'application/json', 'a2a-version': '1.0' }, sendMessageV1Request(id1, text, `${id1}-m`));
    const v = x.reply ? checkV1Reply(id1, x.reply.status, x.reply.body) : { ok: false, rules: unanswered(x.error!) };
    v1 = { offered: true, url: card.v10, ok: v.ok, rules: v.rules, ...x };
  }
  return { url: endpoint, ok: verdict.ok, kind: verdict.kind, rules: verdict.rules, ...v03, card, v1 };
}
