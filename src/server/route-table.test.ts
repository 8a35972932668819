import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentnetRoutes } from '../contracts/agentnet';
import { bffRoutes, bffTables } from '../contracts/bff-routes';
import type { ApiError } from '../contracts/errors';
import { gen3dRoutes } from '../contracts/gen3d';
import { fillPath, type Operation } from '../contracts/routes';
import { services, type ServiceId } from '../contracts/services';
import { socialRoutes } from '../contracts/social';
import { OPERATION_HEADER } from '../sandbox/shared/register';
import { makeKit, type Kit } from './testing/kit';

/** A value of the right form for each path parameter the tables use. */
const sample: Record<string, string> = { id: '1234567890', sid: 'walk-yard', rid: 'jr_walk', user: 'walker_1', oid: 'org_walk', wid: 'work_walk', tid: 'task_walk', pid: 'part_walk', mid: 'mid_walk', route: 'rt_walk', session: 'sess_walk', target: '0987654321', agent: '0987654321' };
const tables: Array<[ServiceId, readonly Operation[]]> = [
  ['gen3d', gen3dRoutes],
  ['social', socialRoutes],
  ['agentnet', agentnetRoutes],
];
const authFor = (service: ServiceId): Record<string, string> =>
  services[service].auth === 'bearer' ? { authorization: `Bearer ${services[service].sandboxKey}` } : { 'x-api-key': services[service].sandboxKey };

let kit: Kit;
/** The sandbox's per-account rate limit answers before any operation: wait it out (the window is short at test speed). */
const request = (path: string, init: RequestInit): Promise<Response> =>
  vi.waitFor(
    async () => {
      const res = await kit.req(path, init);
      if (res.status !== 429) return res;
      await res.body?.cancel();
      throw new Error(`${path} is still answered 429 (the sandbox's rate limit)`);
    },
    { timeout: 5_000, interval: 30 },
  );
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

describe('the route tables drive the BFF and every sandbox', () => {
  for (const [service, routes] of tables) {
    it(`${service}: each of its ${routes.length} operations is served by the sandbox and by the BFF`, async () => {
      expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
      for (const op of routes) {
        const path = fillPath(op.path, sample);
        const init = (headers: Record<string, string>) => ({
          method: op.method,
          headers: { ...headers, ...(op.body ? { 'content-type': 'application/json' } : {}) },
          ...(op.body ? { body: '{}' } : {}),
        });
        // Streams stay open: a HEAD-like read of the first answer is enough.
        const direct = await request(`/sandbox/${service}${path}`, init(authFor(service)));
        expect(direct.headers.get(OPERATION_HEADER), `sandbox ${op.method} ${op.path} ${direct.status}`).toBe(op.id);
        expect(direct.status, `sandbox ${op.method} ${op.path}`).toBeLessThan(500);
        await direct.body?.cancel();
        const viaBff = await request(`/api/${service}${path}`, init({}));
        const text = op.kind === 'stream' && viaBff.ok ? '' : await viaBff.text();
        if (op.kind === 'stream' && viaBff.ok) await viaBff.body?.cancel();
        expect(text, `BFF ${op.method} ${op.path}`).not.toContain('"unknown_route"');
        expect(viaBff.status, `BFF ${op.method} ${op.path}`).not.toBe(405);
        expect(viaBff.status, `BFF ${op.method} ${op.path}`).toBeLessThan(500);
      }
    });
  }
});

/** A value of the right form for each path parameter of the BFF's own routes. */
const bffSample: Record<string, string> = { service: 'gen3d', id: 'walk_1', taskId: 'task_walk', key: 'model_urls.glb', agentId: 'agent_walk', orgId: 'org_walk', hookId: 'hk_walk', token: '1.x', encoded: 'eA' };
/** What the console answers a path nothing serves: its own 404, or the proxy's (an /api/agentnet/… path falls to the agent network's table). */
const unserved = /is not part of the console's API|"unknown_route"|"unknown_service"|"not_available"/;

describe("the BFF's own routes are registered from their table", () => {
  it('every route is written once: no two entries share a method and a path', () => {
    const keys = bffRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(45);
  });

  it("reads every route's input as the operations are read: a path naming nothing is a 404, a refused query or body a 400 in the route's words, and nothing is done", async () => {
    const unknown = await kit.json<{ error: ApiError }>('/api/spend/limits/nope', { method: 'PUT', json: { daily: 5 } });
    expect([unknown.status, unknown.body.error.code, unknown.body.error.field]).toEqual([404, 'not_found', 'service']);
    expect(unknown.body.error.message).toBe('Nothing was saved: service must be gen3d, social or agentnet.');
    const refused = await kit.json<{ error: ApiError }>('/api/spend/limits/gen3d', { method: 'PUT', json: { daily: -1, perWrite: 'x' } });
    expect([refused.status, refused.body.error.field, refused.body.error.fields]).toEqual([400, 'daily', { daily: 'daily must be 0 or more', perWrite: 'perWrite must be a number of credits, or null for no limit' }]);
    expect(refused.body.error.message).toBe('Nothing was saved: daily must be 0 or more; perWrite must be a number of credits, or null for no limit.');
    const query = await kit.json<{ error: ApiError }>('/api/ledger/changes?service=gen3d');
    expect([query.status, query.body.error.field, query.body.error.message]).toEqual([400, 'since', 'Nothing was read: since is required: a time in epoch ms.']);
    const limits = await kit.json<{ limits: Array<{ daily: number | null }> }>('/api/spend/limits');
    expect(limits.body.limits.filter((l) => l.daily !== null)).toEqual([]);
  });

  for (const [area, routes] of Object.entries(bffTables)) {
    it(`${area}: each of its ${Object.keys(routes).length} routes is served`, async () => {
      const registered = new Set(kit.app.app.routes.map((r) => `${r.method} ${r.path}`));
      for (const [name, route] of Object.entries(routes)) {
        expect(registered, `${area}.${name}: ${route.method} ${route.path} is registered`).toContain(`${route.method} ${route.path}`);
        const path = fillPath(route.path, bffSample);
        const res = await request(path, { method: route.method, headers: route.body ? { 'content-type': 'application/json' } : {}, ...(route.body ? { body: '{}' } : {}) });
        // The event stream stays open: its first answer is enough.
        const text = route.kind === 'stream' && res.ok ? '' : await res.text();
        if (route.kind === 'stream') await res.body?.cancel();
        expect(text, `${area}.${name}: ${route.method} ${path}`).not.toMatch(unserved);
        expect(res.status, `${area}.${name}: ${route.method} ${path}`).not.toBe(405);
        expect(res.status, `${area}.${name}: ${route.method} ${path} ${text.slice(0, 200)}`).toBeLessThan(500);
      }
    });
  }
});
