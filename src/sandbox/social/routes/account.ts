import { TrendsQuery } from '../../../contracts/social';
import { fail, readQuery } from '../http';
import { WOEIDS } from '../trends';
import { routeQuery, type RouteDeps } from './shared';

export { STARTING_CREDITS } from '../credits';

/** Credits (each key is an account) and trends. */
export function accountRoutes({ app, data, credits }: RouteDeps) {
  app.get('/api/v1/credits', (c) => {
    const q = readQuery(c, routeQuery('/api/v1/credits'));
    if (!q.ok) return q.res;
    const account = credits.read(c.get('account'));
    return c.json({
      balance: String(account.balance),
      lifetime_purchased: String(account.purchased),
      lifetime_used: String(account.used),
      auto_topup_enabled: false,
    });
  });

  app.get('/api/v1/x/trends', (c) => {
    const q = readQuery(c, TrendsQuery);
    if (!q.ok) return q.res;
    const woeid = q.data.woeid ?? 1;
    const trends = data().trends.trends(woeid, q.data.count ?? 30);
    if (!trends) {
      const known = Object.entries(WOEIDS).map(([id, p]) => `${id} (${p.name})`).join(', ');
      return fail(c, 404, `No trends for woeid ${woeid}. Places with trends: ${known}.`);
    }
    return c.json({ trends, woeid });
  });
}
