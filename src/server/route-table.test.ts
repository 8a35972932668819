import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentnetRoutes } from '../contracts/agentnet';
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
