import { Hono } from 'hono';
import { SpendTotalsQuery } from '../../contracts/bff-queries';
import { SpendDailyQuery, SpendWritesQuery, type SpendDaily, type SpendLimits } from '../../contracts/spend';
import { PutSpendLimitBody } from '../../contracts/bff-bodies';
import { ServiceId, serviceIds } from '../../contracts/services';
import type { ConnectionSettings } from '../connections/settings';
import { apiError, fail } from '../http/errors';
import { readJson, readQuery } from '../http/input';
import type { EventHub } from '../events/hub';
import { defaultUnit, type SpendLog } from './spend-log';

/**
 * `/api/spend`: the spend ledger's limits per service and unit (`GET /limits`, `PUT /limits/{service}`
 * with `unit`), spend per day for a chart (`GET /daily?service=&unit=&days=`), totals (`GET /totals?service=&unit=`) and its rows
 * (`GET /writes?service=&status=&cursor=&limit=`). Figures count the current mode's writes.
 */
export function createSpendRoutes(deps: { spends: SpendLog; settings: ConnectionSettings; hub: EventHub; now: () => number }) {
  const { spends, settings, now } = deps;
  const app = new Hono();

  app.get('/limits', async (c) => c.json({ limits: await spends.limits() } satisfies SpendLimits));

  app.put('/limits/:service', async (c) => {
    const service = ServiceId.safeParse(c.req.param('service'));
    if (!service.success)
      return fail(c, apiError(404, 'unknown_service', `No service is called "${c.req.param('service')}". The services are ${serviceIds.join(', ')}.`));
    const body = await readJson(c, PutSpendLimitBody, 'Nothing was saved');
    if (!body.ok) return fail(c, body.error);
    const { unit = defaultUnit(service.data), ...change } = body.value;
    const limit = await spends.setLimit(service.data, unit, change, now());
    deps.hub.publish({ type: 'connections' });
    return c.json(limit);
  });

  app.get('/daily', async (c) => {
    const q = readQuery(c, SpendDailyQuery);
    if (!q.ok) return fail(c, q.error);
    const { service, unit = defaultUnit(service) } = q.value;
    const mode = settings.get(service).mode;
    const days = await spends.daily(service, mode, unit, q.value.days ?? 30, now());
    return c.json({ service, mode, unit, units: await spends.units(service), days } satisfies SpendDaily);
  });

  app.get('/totals', async (c) => {
    const q = readQuery(c, SpendTotalsQuery);
    if (!q.ok) return fail(c, q.error);
    const { service, unit = defaultUnit(service) } = q.value;
    return c.json(await spends.totals(service, settings.get(service).mode, unit, now()));
  });

  app.get('/writes', async (c) => {
    const q = readQuery(c, SpendWritesQuery);
    if (!q.ok) return fail(c, q.error);
    const page = await spends.list(q.value);
    if (!page)
      return fail(
        c,
        apiError(400, 'invalid_input', 'Nothing was read: cursor is not one this console gave. Start again from the first page.', { field: 'cursor' }),
      );
    return c.json(page);
  });

  return app;
}
