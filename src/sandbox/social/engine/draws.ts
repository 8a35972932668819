import { drawCredits, postIdOf, type DrawCreate } from '../../../contracts/social';
import type { Db } from '../../shared/db';
import type { CreditStore } from '../store/credits';
import type { SocialData } from '../store/state';
import { row } from './corpus/csr';
import { hash32, makeRng } from './corpus/random';
import type { ResultRow } from './extract/rows';
import { walk } from './universe/lists';

type DrawRow = { seq: number; id: string; account: string; request: string; record: string; created_at: number };
export type Entry = { tweetId: string; text: string; lang: string; author: number; valid: boolean; reason: string | null };
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Giveaway draws over a post's replies (the same list `GET /x/tweets/{id}/replies` pages), with the
 * documented filters. Whether an entrant reposted or follows an account comes from the corpus's
 * edges, and for the reposts and follows the corpus does not hold, from a seeded draw per entrant.
 * Winners are a seeded shuffle of the valid entries; the same draw gives the same winners.
 */
export class Draws {
  constructor(private readonly deps: { db: Db; data: () => SocialData; credits: CreditStore; now: () => number }) {}

  entries(req: DrawCreate): { post: number; entries: Entry[] } | null {
    const d = this.deps.data();
    const c = d.corpus;
    const post = c.postById.get(postIdOf(req.tweetUrl) ?? '');
    if (post === undefined) return null;
    const reposters = new Set(Array.from(row(c.repostsOf, post), (i) => c.posts[i]!.author));
    const mustFollow = req.mustFollowUsername ? c.userByName.get(req.mustFollowUsername.replace(/^@/, '').toLowerCase()) : undefined;
    const followersOf = mustFollow === undefined ? null : new Set(row(c.followers, mustFollow));
    const seen = new Set<number>();
    const now = this.deps.now();
    const lower = (s: string) => s.toLowerCase();
    const out: Entry[] = [];
    for (const { ref } of walk(d.universe.postList('replies', post))) {
      const p = d.universe.post(ref);
      const u = c.users[p.author]!;
      const text = lower(p.text);
      const luck = (salt: number) => hash32(c.seed, salt, post, p.author) % 100;
      let reason: string | null = null;
      if (req.uniqueAuthorsOnly && seen.has(p.author)) reason = 'duplicate author';
      else if (req.mustRetweet && !reposters.has(p.author) && luck(11) >= 35) reason = 'did not repost';
      else if (req.mustFollowUsername && !(followersOf?.has(p.author) || luck(13) < 30)) reason = `does not follow @${req.mustFollowUsername.replace(/^@/, '')}`;
      else if (req.filterMinFollowers !== undefined && u.followersCount < req.filterMinFollowers) reason = 'too few followers';
      else if (req.filterAccountAgeDays !== undefined && now - u.createdAt < req.filterAccountAgeDays * DAY) reason = 'account too new';
      else if (req.filterLanguage && p.lang !== req.filterLanguage) reason = 'other language';
      else if (req.requiredKeywords?.some((k) => !text.includes(lower(k)))) reason = 'missing a keyword';
      else if (req.requiredHashtags?.some((h) => !text.includes(lower(h.startsWith('#') ? h : `#${h}`)))) reason = 'missing a hashtag';
      else if (req.requiredMentions?.some((m) => !text.includes(lower(m.startsWith('@') ? m : `@${m}`)))) reason = 'missing a mention';
      seen.add(p.author);
      out.push({ tweetId: p.id, text: p.text, lang: p.lang, author: p.author, valid: reason === null, reason });
    }
    return { post, entries: out };
  }

  run(account: string, req: DrawCreate): { ok: true; record: Record<string, unknown> } | { ok: false; status: 402 | 404; message: string } {
    const found = this.entries(req);
    if (!found) return { ok: false, status: 404, message: `No post ${req.tweetUrl}: it does not exist or is not accessible.` };
    const credits = drawCredits(found.entries.length);
    if (!this.deps.credits.charge(account, credits, 'draw')) return { ok: false, status: 402, message: `This draw needs ${credits} credits; the account has ${this.deps.credits.balance(account)}.` };
    const now = this.deps.now();
    const info = this.deps.db.prepare(`INSERT INTO social_draws (id, account, request, record, entries, created_at) VALUES ('', ?, ?, '{}', '', ?)`).run(account, JSON.stringify(req), now);
    const id = String(4_600_000 + Number(info.lastInsertRowid));
    const c = this.deps.data().corpus;
    const p = c.posts[found.post]!;
    const author = c.users[p.author]!;
    const valid = found.entries.filter((e) => e.valid);
    const rng = makeRng(hash32(c.seed, 31, Number(info.lastInsertRowid)));
    const pool = [...valid];
    const picked: Entry[] = [];
    const authors = new Set<number>();
    const want = (req.winnerCount ?? 1) + (req.backupCount ?? 0);
    while (pool.length && picked.length < want) {
      const e = pool.splice(rng.int(pool.length), 1)[0]!;
      if (authors.has(e.author)) continue;
      authors.add(e.author);
      picked.push(e);
    }
    const winners = picked.map((e, i) => ({ position: i + 1, authorUsername: c.users[e.author]!.username, authorId: c.users[e.author]!.id, tweetId: e.tweetId, isBackup: i >= (req.winnerCount ?? 1) }));
    const draw = {
      id,
      createdAt: iso(now),
      status: 'completed',
      totalEntries: found.entries.length,
      validEntries: valid.length,
      tweetId: p.id,
      tweetUrl: `https://x.com/${author.username}/status/${p.id}`,
      tweetText: p.text,
      tweetAuthorUsername: author.username,
      tweetLikeCount: p.likes,
      tweetQuoteCount: p.quotes,
      tweetReplyCount: p.replies,
      tweetRetweetCount: p.reposts,
      drawnAt: iso(now),
      creditsCharged: String(credits),
    };
    const record = { draw, winners };
    this.deps.db.prepare(`UPDATE social_draws SET id = ?, record = ? WHERE seq = ?`).run(id, JSON.stringify(record), info.lastInsertRowid);
    return { ok: true, record };
  }

  get(account: string, id: string): (DrawRow & { parsed: { draw: Record<string, unknown>; winners: Array<Record<string, unknown>> } }) | undefined {
    const r = this.deps.db.prepare(`SELECT * FROM social_draws WHERE account = ? AND id = ?`).get(account, id) as DrawRow | undefined;
    return r && { ...r, parsed: JSON.parse(r.record) };
  }

  list(account: string, beforeSeq: number | null, limit: number): DrawRow[] {
    return this.deps.db.prepare(`SELECT * FROM social_draws WHERE account = ? AND (? IS NULL OR seq < ?) ORDER BY seq DESC LIMIT ?`).all(account, beforeSeq, beforeSeq, limit) as DrawRow[];
  }

  /** Rows of a draw's export: its winners, or every entry with why it was or was not valid. */
  exportRows(draw: DrawRow & { parsed: { winners: Array<Record<string, unknown>> } }, type: 'winners' | 'entries'): { columns: string[]; rows: Iterable<ResultRow> } {
    const c = this.deps.data().corpus;
    if (type === 'winners') {
      const rows = draw.parsed.winners.map((w) => ({ position: w.position as number, isBackup: w.isBackup as boolean, xUsername: w.authorUsername as string, xUserId: w.authorId as string, tweetId: w.tweetId as string }));
      return { columns: ['position', 'isBackup', 'xUsername', 'xUserId', 'tweetId'], rows };
    }
    const found = this.entries(JSON.parse(draw.request) as DrawCreate);
    const rows = (found?.entries ?? []).map((e) => ({ tweetId: e.tweetId, tweetText: e.text, xUsername: c.users[e.author]!.username, xUserId: c.users[e.author]!.id, xFollowersCount: c.users[e.author]!.followersCount, valid: e.valid, reason: e.reason }));
    return { columns: ['tweetId', 'tweetText', 'xUsername', 'xUserId', 'xFollowersCount', 'valid', 'reason'], rows };
  }
}
