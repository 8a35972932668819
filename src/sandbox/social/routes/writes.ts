import { HOUR_MS, IDEMPOTENCY_HEADER, MONITOR_CREDITS_PER_HOUR } from '../../../contracts/social';
import type { WriteAction, WriteInput } from '../engine/writes';
import { fail, failCode, type Ctx } from '../http';
import type { SocialServices } from '../store/services';
import { postJson } from './records';
import { originOf, type SocialHandlers } from './shared';

/** The account, its writes (with Idempotency-Key), write actions, DMs and bookmarks. */
export function writeHandlers(s: SocialServices): SocialHandlers {
  const perform = (c: Ctx, action: WriteAction, body: WriteInput['body'], target: WriteInput['target']) => {
    const r = s.writes.perform({ key: c.get('account'), idempotencyKey: c.req.header(IDEMPOTENCY_HEADER), action, body, target });
    if (!r.ok) return failCode(c, r.status, r.code, r.message);
    return c.json(r.record, r.replayed ? 200 : 201);
  };
  const post = (c: Ctx, id: string) => {
    const d = s.data();
    if (d.universe.findPost(id) !== undefined || s.writes.published(c.get('account'), id)) return { id, type: 'tweet' as const };
    return fail(c, 404, `No post with id ${id}: it does not exist or is not accessible.`);
  };
  const user = (c: Ctx, ref: string) => {
    const found = s.data().universe.findUser(ref);
    return found === undefined ? fail(c, 404, `No user "${ref}": the account does not exist or is not accessible.`) : { id: s.data().universe.userId(found), type: 'user' as const };
  };
  const onPost = (action: WriteAction) => (c: Ctx, { params, body }: { params: { id: string }; body: WriteInput['body'] }) => {
    const t = post(c, params.id);
    return t instanceof Response ? t : perform(c, action, body, t);
  };
  const onUser = (action: WriteAction) => (c: Ctx, { params, body }: { params: { user: string }; body: WriteInput['body'] }) => {
    const t = user(c, params.user);
    return t instanceof Response ? t : perform(c, action, body, t);
  };

  return {
    account: (c) => {
      const key = c.get('account');
      const credits = s.credits.get(key);
      const active = [...s.monitors.list(key, 'account'), ...s.monitors.list(key, 'keyword')].filter((m) => m.active).length;
      return c.json({
        plan: 'active',
        monitorsAllowed: 50,
        monitorsUsed: active,
        monitorBilling: {
          activeHourlyBurn: active * MONITOR_CREDITS_PER_HOUR,
          activeDailyEstimate: active * MONITOR_CREDITS_PER_HOUR * 24,
          creditsPerActiveMonitorHour: MONITOR_CREDITS_PER_HOUR,
          creditsPerActiveMonitorDay: MONITOR_CREDITS_PER_HOUR * (86_400_000 / HOUR_MS),
          eventsIncluded: true,
          instantCheckIntervalSeconds: Math.max(1, Math.round(s.data().live.slotMs / 1000)),
          unlimitedSlots: false,
        },
        creditInfo: { balance: String(credits.balance), lifetimePurchased: String(credits.purchased), lifetimeUsed: String(credits.used), autoTopupEnabled: false, autoTopupThreshold: '0', autoTopupAmountDollars: 0 },
        xUsername: s.writes.connected().username,
      });
    },
    'tweets.create': (c, { body }) => {
      if (body.reply_to_tweet_id) {
        const t = post(c, body.reply_to_tweet_id);
        if (t instanceof Response) return t;
        return perform(c, 'create_tweet', body, t);
      }
      return perform(c, 'create_tweet', body, null);
    },
    'tweets.delete': onPost('delete_tweet'),
    'tweets.like': onPost('like'),
    'tweets.unlike': onPost('unlike'),
    'tweets.repost': onPost('retweet'),
    'tweets.unrepost': onPost('unretweet'),
    'tweets.bookmark': onPost('bookmark'),
    'tweets.unbookmark': onPost('unbookmark'),
    'users.follow': onUser('follow'),
    'users.unfollow': onUser('unfollow'),
    'dm.send': onUser('send_dm'),
    'writeActions.get': (c, { params }) => {
      const r = s.writes.record(c.get('account'), params.id);
      return r ? c.json(r) : fail(c, 404, `No write action with id ${params.id}.`);
    },
    'dm.history': (c, { params, query }) => {
      const t = user(c, params.user);
      if (t instanceof Response) return t;
      const me = s.writes.connected();
      const a = query.account.replace(/^@/, '');
      if (a.toLowerCase() !== me.username.toLowerCase() && a !== me.id) return failCode(c, 403, 'x_account_not_connected', `The account ${query.account} is not connected to this API key: connect it in the service dashboard.`);
      return c.json({ messages: s.writes.messages(c.get('account'), t.id), has_next_page: false, next_cursor: '' });
    },
    bookmarks: (c) => {
      const d = s.data();
      const origin = originOf(c);
      const tweets = s.writes.stateOf(c.get('account'), 'bookmark').flatMap((id) => {
        const ref = d.universe.findPost(id);
        return ref === undefined ? [] : [postJson(d.corpus, d.universe.post(ref), origin)];
      });
      return c.json({ tweets, has_next_page: false, next_cursor: '' });
    },
  };
}

