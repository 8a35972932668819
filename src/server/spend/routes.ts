import { Hono } from 'hono';
import { PutSpendLimitBody, SpendDailyQuery, SpendTotalsQuery, SpendWritesQuery, type SpendDaily, type SpendLimits } from '../../contracts/bff';
import { ServiceId, serviceIds } from '../../contracts/services';
import type { ConnectionSettings } from '../connections/settings';
import { apiError, fail } from '../http/errors';
import { readJson, readQuery } from '../http/input';
import type { EventHub } from '../watch/hub';
import type { SpendLedger } from './ledger';

/**
 * `/api/spend`: the spend ledger's limits (`GET /limits`, `PUT /limits/{service}`), spend per day
 * for a chart (`GET /daily?service=&days=`), totals (`GET /totals?service=`) and its rows
 * (`GET /writes?service=&status=&cursor=&limit=`). Figures count the current mode's writes.
 */
export function createSpendRoutes(deps: { spends: SpendLedger; settings: ConnectionSettings; hub: EventHub; now: () => number }) {
  const { spends, settings, now } = deps;
  const app = new Hono();

  app.get('/limits', (c) => c.json({ limits: serviceIds.map((s) => spends.limit(s)) } satisfies SpendLimits));

  app.put('/limits/:service', async (c) => {
    const service = ServiceId.safeParse(c.req.param('service'));
    if (!service.success)
      return fail(c, apiError(404, 'unknown_service', `No service is called "${c.req.param('service')}". The services are ${serviceIds.join(', ')}.`));
    const body = await readJson(c, PutSpendLimitBody, 'Nothing was saved');
    if (!body.ok) return fail(c, body.error);
    const limit = spends.setLimit(service.data, body.value, now());
    deps.hub.publish({ type: 'connections' });
    return c.json(limit);
  });

  app.get('/daily', (c) => {
    const q = readQuery(c, SpendDailyQuery);
    if (!q.ok) return fail(c, q.error);
    const mode = settings.get(q.value.service).mode;
    const days = spends.daily(q.value.service, mode, q.value.days ?? 30, now());
    return c.json({ service: q.value.service, mode, unit: 'credits', days } satisfies SpendDaily);
  });

  app.get('/totals', (c) => {
    const q = readQuery(c, SpendTotalsQuery);
    if (!q.ok) return fail(c, q.error);
    return c.json(spends.totals(q.value.service, settings.get(q.value.service).mode, now()));
  });

  app.get('/writes', (c) => {
    const q = readQuery(c, SpendWritesQuery);
    if (!q.ok) return fail(c, q.error);
    const page = spends.list(q.value);
    if (!page)
      return fail(
        c,
        apiError(400, 'invalid_input', 'Nothing was read: cursor is not one this console gave. Start again from the first page.', { field: 'cursor' }),
      );
    return c.json(page);
  });

  return app;
}
