import { fail } from '../http';
import { WOEIDS } from '../engine/trends';
import type { SocialData } from '../store/state';
import type { SocialHandlers } from './shared';

/** Starting credit balance of every sandbox account (reads cost nothing: the document gives no costs). */
export const STARTING_CREDITS = 10_000;

/** Credits (each key is an account) and trends. */
export function accountHandlers(data: () => SocialData): SocialHandlers {
  const accounts = new Map<string, { purchased: number; used: number }>();
  return {
    credits: (c) => {
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
        auto_topup_threshold: '0',
        auto_topup_amount_dollars: 0,
      });
    },

    trends: (c, { query }) => {
      const woeid = query.woeid ?? 1;
      const trends = data().trends.trends(woeid, query.count ?? 30);
      if (!trends) {
        const known = Object.entries(WOEIDS)
          .map(([id, p]) => `${id} (${p.name})`)
          .join(', ');
        return fail(c, 404, `No trends for woeid ${woeid}. Places with trends: ${known}.`);
      }
      return c.json({ trends, count: trends.length, woeid });
    },

    // The account-level trends route of the official SDK (`GET /trends`): the same trends, its live field names.
    'trends.account': (c, { query }) => {
      const woeid = query.woeid ?? 1;
      const trends = data().trends.trends(woeid, query.count ?? 30) ?? [];
      const rows = trends.map((t) => ({ name: t.name, query: t.query, rank: t.rank, tweetVolume: t.tweetCount, description: `${t.tweetCount.toLocaleString('en')} posts`, url: `https://x.com/search?q=${encodeURIComponent(t.query)}` }));
      return c.json({ total: rows.length, trends: rows, woeid });
    },
  };
}
