import type { ApiError } from '../../contracts/errors';
import { services, type ServiceId } from '../../contracts/services';
import { GuardedFetchError } from '../../node-lib/guarded-fetch';
import { apiError } from '../http/errors';
import type { Upstream } from './upstream';

export type Verified = { ok: true; agentId: string | null } | { ok: false; error: ApiError };

/** Reads the subject of a JWT-shaped token (no signature check: only to name the agent). */
function tokenSubject(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; agent_id?: unknown };
    const sub = claims.agent_id ?? claims.sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The service's own check of a key (document: 3D balance, social credits; agents: the token
 * endpoint with the key as client secret). Nothing is saved unless this passes. A failure says
 * "could not verify" and never echoes what the far side answered or how the connection failed
 * (that would make the form a port scanner): only a refused key (401/403) and a destination the
 * console's rules refuse are told apart.
 */
export async function verifyKey(service: ServiceId, upstream: Upstream, key: string, prefixWarned: boolean): Promise<Verified> {
  const info = services[service];
  const check = info.verify;
  const at = `the ${info.label} service at ${upstream.baseUrl}`;
  let res: Response;
  try {
    res =
      check.method === 'POST'
        ? await upstream.request(check.path, {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'client_credentials', client_secret: key }).toString(),
            contentType: 'application/x-www-form-urlencoded',
            kind: 'read',
          })
        : await upstream.request(check.path, { kind: 'read' });
  } catch (err) {
    if (err instanceof GuardedFetchError && err.reason === 'refused') {
      return { ok: false, error: apiError(400, 'destination_refused', `Could not verify the key: ${err.message}. Nothing was saved.`, { field: 'baseUrl' }) };
    }
    return { ok: false, error: couldNotVerify(at) };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status !== 401 && res.status !== 403) return { ok: false, error: couldNotVerify(at) };
    const prefixHint = prefixWarned ? ` It does not start with "${info.keyPrefix}", the ${info.label} service's key prefix.` : '';
    const message = `Could not verify the key: ${at} refused this key (HTTP ${res.status}).${prefixHint} Check that you copied the whole key and that it is still active. Nothing was saved.`;
    return { ok: false, error: apiError(res.status, res.status === 401 ? 'unauthenticated' : 'forbidden', message, { field: 'apiKey' }) };
  }
  const body: unknown = await res.json().catch(() => null);
  return { ok: true, agentId: check.method === 'POST' ? tokenSubject((body as { access_token?: unknown } | null)?.access_token) : null };
}

const couldNotVerify = (at: string) =>
  apiError(
    502,
    'could_not_verify',
    `Could not verify the key: no usable answer came from ${at}. Check the base URL and the network, then try again. Nothing was saved.`,
    { field: 'baseUrl' },
  );
