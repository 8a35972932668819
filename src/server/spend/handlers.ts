import { Hono } from 'hono';
import * as spendRoutes from '../../contracts/bff-routes/spend';
import * as spendTotalsRoutes from '../../contracts/bff-routes/spend-totals';
import type { ConnectionSettings } from '../connections/settings';
import { serveTable } from '../http/bff-route';
import { staleCursor } from '../http/errors';
import type { EventHub } from '../events/hub';
import { defaultUnit, type SpendLog } from './spend-log';

/**
 * The spend ledger's own routes (contracts/bff-routes/spend.ts and spend-totals.ts): limits per
 * service and unit, spend per day for a chart, totals and its rows. Figures count the current
 * mode's writes.
 */
export function createSpendRoutes(deps: { spends: SpendLog; settings: ConnectionSettings; hub: EventHub; now: () => number }) {
  const { spends, settings, now } = deps;
  const totals = serveTable(spendTotalsRoutes, {
    totals: ({ query }) => {
      const { service, unit = defaultUnit(service) } = query;
      return spends.totals(service, settings.get(service).mode, unit, now());
    },
  });
  const page = serveTable(spendRoutes, {
    limits: async () => ({ limits: await spends.limits() }),
    setLimit: async ({ params, body }) => {
      const { unit = defaultUnit(params.service), ...change } = body;
      const limit = await spends.setLimit(params.service, unit, change, now());
      deps.hub.publish({ type: 'connections' });
      return limit;
    },
    daily: async ({ query }) => {
      const { service, unit = defaultUnit(service) } = query;
      const mode = settings.get(service).mode;
      return { service, mode, unit, units: await spends.units(service), days: await spends.daily(service, mode, unit, query.days ?? 30, now()) };
    },
    writes: async ({ query }, c) =>
      (await spends.list(query)) ??
      staleCursor(c),
  });
  return new Hono().route('/', totals).route('/', page);
}
