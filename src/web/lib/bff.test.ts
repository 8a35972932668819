import { afterEach, describe, expect, it, vi } from 'vitest';
import * as agentnetRoutes from '../../contracts/bff-routes/agentnet';
import * as archiveRoutes from '../../contracts/bff-routes/archive';
import * as ledgerRoutes from '../../contracts/bff-routes/ledger';
import * as spendRoutes from '../../contracts/bff-routes/spend';
import { ApiRequestError } from './api';
import { bff, bffPrefix, bffUrl, servicePath } from './bff';

afterEach(() => vi.unstubAllGlobals());

const answering = (status: number, body?: unknown) => {
  const fetch = vi.fn(() => Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
};
const sent = (fetch: ReturnType<typeof answering>) => fetch.mock.calls[0] as unknown as [string, RequestInit];

describe("calling the BFF's own routes from their table", () => {
  it('fills the path and the query from the entry, leaving out empty values', () => {
    expect(bffUrl(ledgerRoutes.task, { params: { id: 'a/b' } })).toBe('/api/ledger/gen3d/tasks/a%2Fb');
    expect(bffUrl(ledgerRoutes.tasks, { query: { service: 'gen3d', limit: 50, q: '', cursor: null } })).toBe('/api/ledger/tasks?service=gen3d&limit=50');
    expect(bffUrl(archiveRoutes.file, { params: { taskId: 't 1', key: 'model_urls.glb' }, query: { download: 1 } })).toBe('/api/files/gen3d/t%201/model_urls.glb?download=1');
    expect(bffPrefix(archiveRoutes.file)).toBe('/api/files/gen3d/');
    expect(servicePath('gen3d', '/openapi/v1/balance')).toBe('/api/gen3d/openapi/v1/balance');
  });

  it("sends the entry's method and body, and answers the answer read with its schema", async () => {
    const limit = { service: 'gen3d', unit: 'credits', daily: 5, perWrite: null, updatedAt: 1 };
    const fetch = answering(200, limit);
    await expect(bff(spendRoutes.setLimit, { params: { service: 'gen3d' }, body: { daily: 5 } })).resolves.toEqual(limit);
    const [url, init] = sent(fetch);
    expect([url, init.method, JSON.parse(init.body as string)]).toEqual(['/api/spend/limits/gen3d', 'PUT', { daily: 5 }]);
  });

  it('takes a 204 of a route that answers nothing, and sends no body to a route that takes none', async () => {
    const fetch = answering(204);
    await expect(bff(agentnetRoutes.forgetIdentity, { params: { agentId: 'agent-1' } })).resolves.toBeNull();
    const [url, init] = sent(fetch);
    expect([url, init.method, init.body]).toEqual(['/api/identities/agentnet/agent-1', 'DELETE', undefined]);
  });

  it("turns the BFF's refusal into an error in its words, and an answer its schema refuses into a 502", async () => {
    answering(404, { error: { status: 404, code: 'not_found', message: 'Nothing was saved: service must be one of "gen3d", "social", "agentnet".', retryAfter: null, field: 'service' } });
    const refused = await bff(spendRoutes.setLimit, { params: { service: 'gen3d' }, body: {} }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).message).toMatch(/^Nothing was saved: service must be/);
    answering(200, { limits: 'none' });
    const unreadable = await bff(spendRoutes.limits).catch((e: unknown) => e);
    expect((unreadable as ApiRequestError).status).toBe(502);
  });
});
