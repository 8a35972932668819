import { Hono } from 'hono';
import { PutConnectionBody, type Connection } from '../../contracts/bff';
import { ServiceId, services, serviceIds } from '../../contracts/services';
import type { EventHub } from '../watch/hub';
import { fail } from '../http/errors';
import type { Keyring } from './keyring';
import type { ConnectionSettings } from './settings';
import type { Upstreams } from './upstream';
import { verifyKey } from './verify';

type Deps = { keyring: Keyring; settings: ConnectionSettings; upstreams: Upstreams; hub: EventHub; now: () => number };

/** `GET /api/connections`, `PUT /api/connections/{service}`: sandbox or live, base URL, key. */
export function createConnections({ keyring, settings, upstreams, hub, now }: Deps) {
  const app = new Hono();

  const view = (service: ServiceId): Connection => {
    const s = settings.get(service);
    return {
      service,
      mode: s.mode,
      baseUrl: s.baseUrl,
      liveDefaultBaseUrl: services[service].liveBaseUrl,
      keyPrefix: services[service].keyPrefix,
      keyHint: keyring.hint(service),
      keySource: keyring.get(service)?.source ?? null,
      updatedAt: s.updatedAt,
    };
  };

  app.get('/', (c) => c.json({ connections: serviceIds.map(view) }));

  app.put('/:service', async (c) => {
    const service = ServiceId.safeParse(c.req.param('service'));
    if (!service.success) return fail(c, { status: 404, code: 'unknown_service', message: 'No such service.', retryAfter: null });
    const sid = service.data;
    const parsed = PutConnectionBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      return fail(c, { status: 400, code: 'invalid_input', field: i?.path.join('.') || null, message: `Nothing was saved: ${i?.message ?? 'the body is not valid'}.`, retryAfter: null });
    }
    const body = parsed.data;
    const info = services[sid];
    const current = settings.get(sid);
    const baseUrl = body.baseUrl ?? current.baseUrl;
    const warnings: string[] = [];

    if (body.mode === 'live') {
      const key = body.apiKey ?? keyring.get(sid)?.key;
      if (!key) return fail(c, { status: 400, code: 'key_required', field: 'apiKey', message: `Live mode needs an API key for the ${info.label} service. Nothing was saved.`, retryAfter: null });
      if (body.apiKey && !body.apiKey.startsWith(info.keyPrefix)) {
        warnings.push(`This key does not start with "${info.keyPrefix}", the ${info.label} service's key prefix. It was accepted because the service verified it, but check it is the key you meant.`);
      }
      // The document's check: HTTP 200 means the key is valid. Nothing is saved before it passes.
      const verified = await verifyKey(sid, upstreams.at(sid, 'live', baseUrl, key), key, warnings.length > 0);
      if (!verified.ok) return fail(c, verified.error);
      if (verified.agentId) keyring.putAgent({ agentId: verified.agentId, name: verified.agentId, key, mode: 'live', baseUrl, addedAt: now() });
      if (body.apiKey) keyring.set(sid, body.apiKey, baseUrl);
    }
    settings.set(sid, body.mode, baseUrl, now());
    hub.publish({ type: 'connections' });
    return c.json({ connection: view(sid), warnings });
  });

  return app;
}
