import { fail } from '../http';
import { WOEIDS } from '../engine/trends';
import type { SocialServices } from '../store/services';
import type { SocialHandlers } from './shared';

export { STARTING_CREDITS } from '../store/credits';

/** Credits (each key is an account; stored, spent by jobs, draws and monitors) and trends. Reads cost nothing. */
export function accountHandlers(s: SocialServices): SocialHandlers {
  const data = s.data;
  return {
    credits: (c) => {
      const account = s.credits.get(c.get('account'));
      return c.json({
        balance: String(account.balance),
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
