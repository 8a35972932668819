/**
 * The endpoint probe. The live service calls the URL (it must answer HTTP) and then tries an A2A
 * handshake; the sandbox has no network, so the result is a deterministic rule on the URL:
 *
 * 1. host ends with `.invalid` (RFC 2606), is `invalid`, or is named `unreachable`
 *    (`unreachable` or `unreachable.<anything>`)      → not reachable (refused at join and on PATCH)
 * 2. host starts with `slow`                          → probe timed out: reachable unknown (null),
 *                                                       `a2a_handshake_ok` null
 * 3. path ends with `/a2a` or contains `/a2a/`        → reachable, `a2a_handshake_ok` true
 * 4. anything else                                    → the host answers but is not A2A: false
 */
export type ProbeResult = {
  /** false: nothing answered; null: timed out. */
  reachable: boolean | null;
  /** `a2a_handshake_ok` of the document: true A2A, false answers but not A2A, null timed out. */
  handshakeOk: boolean | null;
  /** Stored summary of the last probe. */
  outcome: 'a2a' | 'http' | 'timeout' | 'unreachable';
};

export function probeEndpoint(url: string): ProbeResult {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { reachable: false, handshakeOk: false, outcome: 'unreachable' };
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'invalid' || host.endsWith('.invalid') || host === 'unreachable' || host.startsWith('unreachable.')) {
    return { reachable: false, handshakeOk: false, outcome: 'unreachable' };
  }
  if (host.startsWith('slow')) return { reachable: null, handshakeOk: null, outcome: 'timeout' };
  const path = parsed.pathname.replace(/\/+$/, '');
  if (path.endsWith('/a2a') || parsed.pathname.includes('/a2a/')) return { reachable: true, handshakeOk: true, outcome: 'a2a' };
  return { reachable: true, handshakeOk: false, outcome: 'http' };
}

/** The probe result as it was stored, for records (`inbound_reachable`). */
export function storedProbe(outcome: string | null): ProbeResult | null {
  switch (outcome) {
    case 'a2a':
      return { reachable: true, handshakeOk: true, outcome };
    case 'http':
      return { reachable: true, handshakeOk: false, outcome };
    case 'timeout':
      return { reachable: null, handshakeOk: null, outcome };
    default:
      return null;
  }
}
