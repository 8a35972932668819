import { TrendsQuery } from '../../../contracts/social';
import { fail, readQuery } from '../http';
import { WOEIDS } from '../trends';
import { routeQuery, type RouteDeps } from './shared';

/** Starting credit balance of every sandbox account (reads cost nothing: the document gives no costs). */
export const STARTING_CREDITS = 10_000;

/** Credits (each key is an account) and trends. */
export function accountRoutes({ app, data }: RouteDeps) {
  const accounts = new Map<string, { purchased: number; used: number }>();

  app.get('/api/v1/credits', (c) => {
    const q = readQuery(c, routeQuery('/api/v1/credits'));
    if (!q.ok) return q.res;
    const key = c.get('account');
    let account = accounts.get(key);
    if (!account) {
      account = { purchased: STARTING_CREDITS, used: 0 };
      accounts.set(key, account);
    }
    return c.json({
      balance: String(account.purchased - account.used),
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
