import { A2A_PUSH_HEADERS, checkReply, messageSendRequest, type RuleResult } from '../../../contracts/agentnet';
import { deliveryFailure, type Outbound } from './outbound';

/**
 * A push to an agent's endpoint under the receiving-side contract: an A2A v0.3 `message/send`
 * POSTed to the URL verbatim; the reply must echo the id and carry the task or message itself
 * with its `kind` (contracts/agentnet/a2a.ts). Anything else is a failed push.
 */
export type PushResult = { ok: true; kind: 'task' | 'message' } | { ok: false; error: string; rules: RuleResult[] };

export async function pushMessage(out: Outbound, endpoint: string, m: { routeId: string; from: string; text: string; type: string | null; contextId?: string | null }): Promise<PushResult> {
  const id = `push-${m.routeId}`;
  const request = messageSendRequest(id, m.text, {
    messageId: m.routeId,
    ...(m.contextId ? { contextId: m.contextId } : {}),
    metadata: { from_agent: m.from, route_id: m.routeId, ...(m.type ? { message_type: m.type } : {}) },
  });
  let status: number;
  let text: string;
  try {
    const res = await out.send(new Request(endpoint, { method: 'POST', headers: A2A_PUSH_HEADERS, body: JSON.stringify(request) }));
    status = res.status;
    text = await res.text();
  } catch (err) {
    const f = deliveryFailure(err);
    return { ok: false, error: `The push to ${endpoint} failed: ${f.message}`, rules: [] };
  }
  const verdict = checkReply(id, status, text);
  return verdict.ok ? { ok: true, kind: verdict.kind as 'task' | 'message' } : { ok: false, error: `The endpoint's reply breaks the A2A contract (${verdict.error})`, rules: verdict.rules };
}
