import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentnetRoutes } from '../../contracts/agentnet';
import { fillPath } from '../../contracts/routes';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

describe('route table', () => {
  it('serves every operation of agentnetRoutes (none falls through to the unknown-path 404)', async () => {
    const a = await kit.join('Route Walker');
    const sid = await kit.subnet(a.key, { name: 'Route Yard' });
    const params = { id: a.id, sid, rid: 'jr_unknown', decision: 'approve' };
    for (const route of agentnetRoutes) {
      const path = fillPath(route.path, params);
      const json = route.body ? {} : undefined;
      const res = await kit.call(route.method, path, { key: a.key, json });
      expect(res.body, `${route.method} ${route.path}`).not.toEqual({ detail: 'Not Found' });
      expect(res.status, `${route.method} ${route.path}`).not.toBe(405);
      expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});
