import type { ApiError } from '../../contracts/errors';
import { services, type ServiceId } from '../../contracts/services';
import { upstreamError, unreachable } from '../proxy/describe';
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
 * endpoint with the key as client secret). Nothing is saved unless this passes.
 */
export async function verifyKey(service: ServiceId, upstream: Upstream, key: string, prefixWarned: boolean): Promise<Verified> {
  const info = services[service];
  const check = info.verify;
  let res: Response;
  try {
    res =
      check.method === 'POST'
        ? await upstream.request(check.path, {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'client_credentials', client_secret: key }).toString(),
            contentType: 'application/x-www-form-urlencoded',
            signal: AbortSignal.timeout(15_000),
          })
        : await upstream.request(check.path, { signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    const e = unreachable(service, upstream.baseUrl, err);
    return { ok: false, error: { ...e, message: `${e.message} Nothing was saved.` } };
  }
  if (!res.ok) {
    const e = await upstreamError(service, res);
    const prefixHint = prefixWarned ? ` It does not start with "${info.keyPrefix}", the ${info.label} service's key prefix.` : '';
    const message =
      e.status === 401 || e.status === 403
        ? `The ${info.label} service at ${upstream.baseUrl} refused this key (HTTP ${e.status}).${prefixHint} Check that you copied the whole key and that it is still active. Nothing was saved.`
        : `${e.message} Nothing was saved.`;
    return { ok: false, error: { ...e, field: 'apiKey', message } };
  }
  const body: unknown = await res.json().catch(() => null);
  return { ok: true, agentId: check.method === 'POST' ? tokenSubject((body as { access_token?: unknown } | null)?.access_token) : null };
}
