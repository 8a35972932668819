import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY } from '../../../contracts/social';
import type { Db } from '../../shared/db';
import type { SocialData } from '../store/state';
import type { User } from './corpus/types';
import { snowflake } from './corpus/ids';

export type WriteAction = 'create_tweet' | 'delete_tweet' | 'like' | 'unlike' | 'retweet' | 'unretweet' | 'bookmark' | 'unbookmark' | 'follow' | 'unfollow' | 'send_dm';
export type WriteFailure = { ok: false; status: 400 | 403 | 404 | 409; code: string; message: string };
export type WriteInput = { key: string; idempotencyKey: string | undefined; action: WriteAction; body: Record<string, unknown> & { account: string }; target: { id: string; type: 'tweet' | 'user' } | null };

const iso = (ms: number) => new Date(ms).toISOString();
const stateKind: Partial<Record<WriteAction, [string, boolean]>> = {
  like: ['like', true],
  unlike: ['like', false],
  retweet: ['retweet', true],
  unretweet: ['retweet', false],
  bookmark: ['bookmark', true],
  unbookmark: ['bookmark', false],
  follow: ['follow', true],
  unfollow: ['follow', false],
};

/**
 * Account-scoped writes for the sandbox's connected account: each needs an `Idempotency-Key` (a
 * reused key answers the original action; the same key with another body is a 409), acts for the
 * connected account only (another is a 403 saying to connect it in the dashboard), changes the
 * account's state (likes, reposts, bookmarks, follows, posts, messages) and answers the
 * `x_write_action` record, kept for `GET /x/write-actions/{id}`.
 */
export class Writes {
  constructor(private readonly deps: { db: Db; data: () => SocialData; now: () => number }) {}

  /** The account every key has connected in the sandbox's "dashboard". */
  connected(): User {
    const c = this.deps.data().corpus;
    return c.users.find((u) => !u.isOrg && u.lang === 'en' && u.followersCount > 300 && u.followersCount < 3000) ?? c.users[0]!;
  }

  private accountOk(account: string) {
    const me = this.connected();
    const a = account.replace(/^@/, '');
    return a.toLowerCase() === me.username.toLowerCase() || a === me.id;
  }

  perform(input: WriteInput): { ok: true; record: Record<string, unknown>; replayed: boolean } | WriteFailure {
    const { key, idempotencyKey: idem } = input;
    if (!idem) return { ok: false, status: 400, code: 'missing_idempotency_key', message: 'Account writes need an Idempotency-Key header: send a new random key per action and reuse it only to retry that action.' };
    if (!IDEMPOTENCY_KEY.test(idem)) return { ok: false, status: 400, code: 'invalid_idempotency_key', message: 'Idempotency-Key must be 8 to 255 letters, digits, _ . : or -.' };
    const hash = createHash('sha256').update(JSON.stringify([input.action, input.target?.id ?? null, input.body])).digest('hex');
    const prior = this.deps.db.prepare(`SELECT * FROM social_writes WHERE account = ? AND idem_key = ?`).get(key, idem) as { request_hash: string; record: string } | undefined;
    if (prior) {
      if (prior.request_hash !== hash) return { ok: false, status: 409, code: 'idempotency_key_conflict', message: 'This Idempotency-Key was used for a different request: use a new key for a new action.' };
      return { ok: true, record: { ...(JSON.parse(prior.record) as object), idempotent: true }, replayed: true };
    }
    if (!this.accountOk(input.body.account)) {
      return { ok: false, status: 403, code: 'x_account_not_connected', message: `The account ${input.body.account} is not connected to this API key: connect it in the service dashboard (Account → Connected X accounts), then try again.` };
    }
    const now = this.deps.now();
    const me = this.connected();
    const result = this.apply(key, input, now);
    if ('ok' in result) return result;
    const seq = (this.deps.db.prepare(`SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM social_writes`).get() as { n: number }).n;
    const id = `wa_${(3_000_000 + seq).toString(36)}`;
    const record = {
      id,
      writeActionId: id,
      object: 'x_write_action',
      action: input.action,
      status: 'success',
      success: true,
      terminal: true,
      retryable: false,
      safeToRetry: false,
      sendDispatched: true,
      charged: false,
      chargedCredits: '0',
      billing: { charged: false, chargedCredits: '0', plannedCredits: '0', status: 'not_charged' },
      account: { id: me.id, username: me.username },
      target: input.target,
      targetId: input.target?.id ?? null,
      request: { hash, payload: input.body },
      result,
      nextAction: null,
      pollAfterMs: null,
      statusUrl: `/api/v1/x/write-actions/${id}`,
      idempotent: false,
      requestHash: hash,
      createdAt: iso(now),
      completedAt: iso(now),
      ...(result.type === 'tweet' ? { tweetId: result.id } : result.type === 'direct_message' ? { messageId: result.id } : {}),
    };
    this.deps.db.prepare(`INSERT INTO social_writes (id, account, idem_key, request_hash, record, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(id, key, idem, hash, JSON.stringify(record), now);
    return { ok: true, record, replayed: false };
  }

  private apply(key: string, input: WriteInput, now: number): { id: string | null; type: string; state: string } | WriteFailure {
    const db = this.deps.db;
    const state = stateKind[input.action];
    if (state && input.target) {
      const [kind, on] = state;
      if (on) db.prepare(`INSERT OR IGNORE INTO social_state (account, kind, target, at) VALUES (?, ?, ?, ?)`).run(key, kind, input.target.id, now);
      else db.prepare(`DELETE FROM social_state WHERE account = ? AND kind = ? AND target = ?`).run(key, kind, input.target.id);
      return { id: input.target.id, type: 'state_change', state: on ? kind : `un${kind}` };
    }
    if (input.action === 'create_tweet') {
      const seq = (db.prepare(`SELECT COUNT(*) AS n FROM social_posts`).get() as { n: number }).n;
      const id = snowflake(now, 3_000_000 + seq);
      db.prepare(`INSERT INTO social_posts (id, account, record, created_at) VALUES (?, ?, ?, ?)`).run(id, key, JSON.stringify({ text: input.body.text ?? '', replyTo: input.body.reply_to_tweet_id ?? null, media: input.body.media ?? [] }), now);
      return { id, type: 'tweet', state: 'published' };
    }
    if (input.action === 'delete_tweet' && input.target) {
      const own = db.prepare(`UPDATE social_posts SET deleted = 1 WHERE id = ? AND account = ? AND deleted = 0`).run(input.target.id, key);
      if (own.changes === 0) return { ok: false, status: 403, code: 'not_author', message: 'Only posts the connected account published can be deleted.' };
      return { id: input.target.id, type: 'state_change', state: 'deleted' };
    }
    if (input.action === 'send_dm' && input.target) {
      const seq = (db.prepare(`SELECT COUNT(*) AS n FROM social_dms`).get() as { n: number }).n;
      const id = snowflake(now, 2_000_000 + seq);
      db.prepare(`INSERT INTO social_dms (id, account, peer, sender, text, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(id, key, input.target.id, this.connected().id, String(input.body.text ?? ''), now);
      return { id, type: 'direct_message', state: 'sent' };
    }
    return { id: null, type: 'state_change', state: 'done' };
  }

  record(key: string, id: string): Record<string, unknown> | undefined {
    const r = this.deps.db.prepare(`SELECT record FROM social_writes WHERE account = ? AND id = ?`).get(key, id) as { record: string } | undefined;
    return r && (JSON.parse(r.record) as Record<string, unknown>);
  }

  /** Targets of one kind of state (bookmarks, ...), newest first. */
  stateOf(key: string, kind: string): string[] {
    return (this.deps.db.prepare(`SELECT target FROM social_state WHERE account = ? AND kind = ? ORDER BY at DESC`).all(key, kind) as Array<{ target: string }>).map((r) => r.target);
  }

  published(key: string, id: string): { text: string; replyTo: string | null; createdAt: number } | undefined {
    const r = this.deps.db.prepare(`SELECT record, created_at FROM social_posts WHERE id = ? AND account = ? AND deleted = 0`).get(id, key) as { record: string; created_at: number } | undefined;
    return r && { ...(JSON.parse(r.record) as { text: string; replyTo: string | null }), createdAt: r.created_at };
  }

  messages(key: string, peer: string): Array<{ id: string; text: string; senderId: string; recipientId: string; createdAt: string }> {
    const rows = this.deps.db.prepare(`SELECT * FROM social_dms WHERE account = ? AND peer = ? ORDER BY seq DESC LIMIT 100`).all(key, peer) as Array<{ id: string; text: string; sender: string; created_at: number }>;
    return rows.map((r) => ({ id: r.id, text: r.text, senderId: r.sender, recipientId: peer, createdAt: iso(r.created_at) }));
  }
}
