import type { Connection } from '../../contracts/bff';
import * as connectionRoutes from '../../contracts/bff-routes/connections';
import type { connections } from '../../contracts/bff-routes/shell';
import { services, serviceIds, type ServiceId } from '../../contracts/services';
import { addressKind, isLoopbackName } from '../../node-lib/net-address';
import type { EventHub } from '../events/hub';
import { serveTable, type BffHandler } from '../http/bff-route';
import { apiError, fail } from '../http/errors';
import { originOf, type Keyring } from './keyring';
import type { ConnectionSettings } from './settings';
import type { Upstreams } from './upstream';
import { verifyKey } from './verify';

type Deps = { keyring: Keyring; settings: ConnectionSettings; upstreams: Upstreams; hub: EventHub; now: () => number };

/**
 * The connections: their list (contracts/bff-routes/shell.ts, `connections`, which every page
 * reads) and the Connections page's writes (bff-routes/connections.ts): sandbox or live, base URL,
 * key. A saved key is bound to the origin it was verified against: a new host needs the key again,
 * so a stored key never follows a base URL elsewhere.
 */
export function createConnections({ keyring, settings, upstreams, hub, now }: Deps) {
  const view = (service: ServiceId): Connection => {
    const s = settings.get(service);
    const stored = keyring.get(service);
    return {
      service,
      mode: s.mode,
      baseUrl: s.baseUrl,
      liveDefaultBaseUrl: services[service].liveBaseUrl,
      keyPrefix: services[service].keyPrefix,
      keyHint: keyring.hint(service),
      keySource: stored?.source ?? null,
      keyOrigin: stored?.origin ?? null,
      updatedAt: s.updatedAt,
    };
  };

  /** Live base URLs are https; plain http only to loopback, and only with ALLOW_LOOPBACK_LIVE=1. */
  const liveUrlRefusal = (baseUrl: string): string | null => {
    const url = new URL(baseUrl);
    if (url.protocol === 'https:') return null;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const loopback = addressKind(host) === 'loopback' || isLoopbackName(host);
    if (loopback && upstreams.outbound.allowLoopbackLive) return null;
    return loopback
      ? 'A live base URL must start with https://. Plain http to this machine is allowed only when the console runs with ALLOW_LOOPBACK_LIVE=1. Nothing was saved.'
      : 'A live base URL must start with https://: the key would travel unencrypted. Nothing was saved.';
  };

  const list: BffHandler<typeof connections> = () => ({ connections: serviceIds.map(view) });
  const routes = serveTable(connectionRoutes, {
    save: async ({ params: { service: sid }, body }, c) => {
      const info = services[sid];
      const current = settings.get(sid);
      const baseUrl = body.baseUrl ?? current.baseUrl;
      const warnings: string[] = [];

      if (body.mode === 'sandbox' && body.apiKey) {
        warnings.push(
          `The key you typed was not saved: the ${info.label} service is set to the embedded sandbox, which needs none. Choose the live service to verify and save it.`,
        );
      }
      if (body.mode === 'live') {
        const refusal = liveUrlRefusal(baseUrl);
        if (refusal) return fail(c, apiError(400, 'invalid_input', refusal, { field: 'baseUrl' }));
        const stored = keyring.get(sid);
        const key = body.apiKey ?? keyring.keyFor(sid, baseUrl);
        if (!key) {
          const message = stored
            ? `The saved key was verified for ${stored.origin ?? 'another address'} and is sent nowhere else: changing the base URL's host needs the key again. Enter the ${info.label} key for ${originOf(baseUrl) ?? baseUrl}. Nothing was saved.`
            : `Live mode needs an API key for the ${info.label} service. Nothing was saved.`;
          return fail(c, apiError(400, 'key_required', message, { field: 'apiKey' }));
        }
        if (body.apiKey && !body.apiKey.startsWith(info.keyPrefix)) {
          warnings.push(
            `This key does not start with "${info.keyPrefix}", the ${info.label} service's key prefix. It was accepted because the service verified it, but check it is the key you meant.`,
          );
        }
        // The document's check: HTTP 200 means the key is valid. Nothing is saved before it passes.
        const verified = await verifyKey(sid, upstreams.at(sid, 'live', baseUrl, key), key, warnings.length > 0);
        if (!verified.ok) return fail(c, verified.error);
        if (verified.agentId) await keyring.putAgent({ agentId: verified.agentId, name: verified.agentId, key, mode: 'live', baseUrl, addedAt: now() });
        if (body.apiKey) await keyring.set(sid, body.apiKey, baseUrl);
      }
      await settings.set(sid, body.mode, baseUrl, now());
      hub.publish({ type: 'connections' });
      return { connection: view(sid), warnings };
    },
    removeKey: async ({ params: { service: sid } }, c) => {
      const info = services[sid];
      const stored = keyring.get(sid);
      if (stored?.source === 'env') {
        return fail(
          c,
          apiError(
            409,
            'key_from_environment',
            `The ${info.label} key comes from ${info.envKey} in the console's environment; remove it there and restart the console.`,
          ),
        );
      }
      if (!(await keyring.remove(sid))) return fail(c, apiError(404, 'no_key', `No key is saved for the ${info.label} service.`));
      const warnings: string[] = [];
      const s = settings.get(sid);
      if (s.mode === 'live' && !keyring.keyFor(sid, s.baseUrl)) {
        await settings.set(sid, 'sandbox', s.baseUrl, now());
        warnings.push(`The ${info.label} service now runs on the embedded sandbox: live mode needs a key.`);
      }
      hub.publish({ type: 'connections' });
      return { connection: view(sid), warnings };
    },
  });
  return { list, routes };
}
