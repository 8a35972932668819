import { describe, expect, it } from 'vitest';
import * as archiveRoutes from '../../contracts/bff-routes/archive';
import * as ledgerRoutes from '../../contracts/bff-routes/ledger';
import * as spendRoutes from '../../contracts/bff-routes/spend';
import { bffUrl, servicePath } from './bff';
import { bffPrefix } from './bff-prefix';

describe("the BFF's own routes' URLs, from their table", () => {
  it('fills the path and the query from the entry, leaving out empty values', () => {
    expect(bffUrl(ledgerRoutes.task, { params: { id: 'a/b' } })).toBe('/api/ledger/gen3d/tasks/a%2Fb');
    expect(bffUrl(ledgerRoutes.tasks, { query: { service: 'gen3d', limit: 50, q: '', cursor: null } })).toBe('/api/ledger/tasks?service=gen3d&limit=50');
    expect(bffUrl(archiveRoutes.file, { params: { taskId: 't 1', key: 'model_urls.glb' }, query: { download: 1 } })).toBe('/api/files/gen3d/t%201/model_urls.glb?download=1');
    expect(bffPrefix(archiveRoutes.file)).toBe('/api/files/gen3d/');
    expect(servicePath('gen3d', '/openapi/v1/balance')).toBe('/api/gen3d/openapi/v1/balance');
  });

  it("types a call by the entry's schemas: a parameter it lacks or refuses does not compile", () => {
    // @ts-expect-error -- the route names a service in its path
    expect(bffUrl(spendRoutes.setLimit)).toBe('/api/spend/limits/');
    // @ts-expect-error -- not a service
    expect(bffUrl(spendRoutes.setLimit, { params: { service: 'nope' } })).toBe('/api/spend/limits/nope');
    // @ts-expect-error -- the route takes no query
    expect(bffUrl(spendRoutes.limits, { query: { service: 'gen3d' } })).toBe('/api/spend/limits?service=gen3d');
    expect(bffUrl(spendRoutes.daily, { query: { service: 'gen3d', days: 7 } })).toBe('/api/spend/daily?service=gen3d&days=7');
  });
});
