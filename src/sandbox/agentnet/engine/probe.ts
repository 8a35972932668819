import { A2A_PUSH_HEADERS } from '../../../contracts/agentnet';
import { DeliveryError } from '../../../node-lib/deliver';
import type { Outbound } from './outbound';

/**
 * The endpoint probe, as the live service runs it (ACN registry): a HEAD request proves the host
 * answers HTTP (any status; no answer refuses the endpoint at registration), then an A2A
 * handshake POSTs a JSON-RPC request with a method nobody implements. A JSON-RPC server answers
 * a structured error (-32601) without doing anything: an A2A endpoint. HTML, a non-JSON body or
 * JSON that is not an RPC envelope: the host answers but this URL is not A2A. No answer in time:
 * indeterminate (null), never "not A2A".
 *
 * Loopback endpoints are probed for real; example hosts are answered in-process; any other host
 * is not contacted by the sandbox (it reports the probe as indeterminate and says why).
 */
export type ProbeResult = {
  /** false: nothing answered; null: indeterminate. */
  reachable: boolean | null;
  /** `a2a_handshake_ok` of the document: true A2A, false answers but not A2A, null indeterminate. */
  handshakeOk: boolean | null;
  /** Stored summary of the last probe. */
  outcome: 'a2a' | 'http' | 'timeout' | 'unreachable' | 'not_contacted';
  /** Why the probe could not tell, in words. */
  note: string | null;
};

export const HANDSHAKE_METHOD = '__acn_handshake_probe__';

export async function probeEndpoint(url: string, out: Outbound): Promise<ProbeResult> {
  try {
    await out.send(new Request(url, { method: 'HEAD' }));
  } catch (err) {
    if (err instanceof DeliveryError && err.code === 'refused') return { reachable: null, handshakeOk: null, outcome: 'not_contacted', note: err.message };
    if (err instanceof DeliveryError && err.code === 'timeout') return { reachable: null, handshakeOk: null, outcome: 'timeout', note: 'the endpoint did not answer in time' };
    return { reachable: false, handshakeOk: false, outcome: 'unreachable', note: err instanceof Error ? err.message : null };
  }
  try {
    const res = await out.send(new Request(url, { method: 'POST', headers: A2A_PUSH_HEADERS, body: JSON.stringify({ jsonrpc: '2.0', id: 'acn-handshake-probe', method: HANDSHAKE_METHOD, params: {} }) }));
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    let body: unknown = null;
    try {
      body = type.includes('json') ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const rpc = !!b && ('jsonrpc' in b || 'result' in b || (!!b.error && typeof (b.error as { code?: unknown }).code === 'number'));
    return rpc ? { reachable: true, handshakeOk: true, outcome: 'a2a', note: null } : { reachable: true, handshakeOk: false, outcome: 'http', note: `the URL answered HTTP ${res.status} without a JSON-RPC envelope` };
  } catch {
    return { reachable: true, handshakeOk: null, outcome: 'timeout', note: 'the handshake got no answer in time' };
  }
}

/** The probe result as it was stored, for records (`inbound_reachable`). */
export function storedProbe(outcome: string | null): Pick<ProbeResult, 'reachable' | 'handshakeOk'> | null {
  switch (outcome) {
    case 'a2a':
      return { reachable: true, handshakeOk: true };
    case 'http':
      return { reachable: true, handshakeOk: false };
    case 'timeout':
    case 'not_contacted':
      return { reachable: null, handshakeOk: null };
    default:
      return null;
  }
}
