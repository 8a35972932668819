import { Numeric } from '../common';
import { z } from '../zod';
import { SocialUser, When } from './records';

/** Records of account writes and of the reads added with the workflows: articles, lists, communities, radar, DMs. */

const Str = z.nullish(z.string());
const Num = z.nullish(Numeric);
const Bool = z.nullish(z.boolean());

/** `GET /account`: the connected account; the console reads its X username (the plan, billing and credits come as they are). */
export const SocialAccount = z.looseObject({ xUsername: z.nullish(z.string()) });

export const writeStatuses = ['accepted', 'dispatching', 'pending_confirmation', 'success', 'failed', 'expired'] as const;

/** The `x_write_action` record every account write answers (and `GET /x/write-actions/{id}`). */
export const WriteAction = z.pipe(
  z.looseObject({
    id: z.union([z.string(), z.number()]),
    writeActionId: Str,
    action: z.string(),
    status: z.string(),
    success: Bool,
    terminal: Bool,
    retryable: Bool,
    safeToRetry: Bool,
    chargedCredits: Num,
    targetId: Str,
    result: z.nullish(z.looseObject({ id: Str, type: Str, state: Str })),
    idempotent: Bool,
    createdAt: When,
    message: Str,
    statusUrl: Str,
  }),
  z.transform((w) => ({
    id: String(w.writeActionId ?? w.id),
    action: w.action,
    status: (writeStatuses as readonly string[]).includes(w.status) ? (w.status as (typeof writeStatuses)[number]) : ('accepted' as const),
    success: !!w.success,
    terminal: w.terminal ?? w.status === 'success',
    safeToRetry: !!(w.safeToRetry ?? w.retryable),
    chargedCredits: w.chargedCredits ?? 0,
    targetId: w.targetId ?? null,
    resultId: w.result?.id ?? null,
    resultType: w.result?.type ?? null,
    /** True when the answer is the original action of a reused Idempotency-Key. */
    replayed: !!w.idempotent,
    createdAt: w.createdAt,
    message: w.message ?? null,
    statusUrl: w.statusUrl ?? null,
  })),
);
export type WriteAction = z.output<typeof WriteAction>;

/** `GET /x/articles/{tweetId}`: `{article: {title, text|contents, ...}, author?}`. */
export const Article = z.pipe(
  z.looseObject({ article: z.looseObject({ id: Str, title: Str, text: Str, contents: Str, previewText: Str, coverImageUrl: Str, createdAt: When }), author: z.nullish(z.unknown()) }),
  z.transform((r) => {
    const author = r.author == null ? null : SocialUser.safeParse(r.author);
    return {
      id: r.article.id ?? null,
      title: r.article.title ?? '',
      text: r.article.text ?? r.article.contents ?? r.article.previewText ?? '',
      cover: r.article.coverImageUrl ?? null,
      createdAt: r.article.createdAt,
      author: author?.success ? author.data : null,
    };
  }),
);

export const RadarItem = z.pipe(
  z.looseObject({ id: z.union([z.string(), z.number()]), title: z.string(), source: Str, category: Str, score: Num, url: Str, description: Str, publishedAt: When, createdAt: When, region: Str, language: Str }),
  z.transform((i) => ({
    id: String(i.id),
    title: i.title,
    source: i.source ?? 'unknown',
    category: i.category ?? 'general',
    score: i.score ?? 0,
    url: i.url ?? null,
    description: i.description ?? '',
    publishedAt: i.publishedAt ?? i.createdAt,
    region: i.region ?? null,
    language: i.language ?? null,
  })),
);
export const Radar = z.pipe(
  z.looseObject({ items: z.nullish(z.array(z.unknown())), hasMore: Bool, nextCursor: Str }),
  z.transform((p) => ({
    items: (p.items ?? []).flatMap((v) => {
      const r = RadarItem.safeParse(v);
      return r.success ? [r.data] : [];
    }),
    hasMore: !!p.hasMore && !!p.nextCursor,
    cursor: p.nextCursor || null,
  })),
);

/** `GET /x/communities/{id}/info`: `{community: {...}}` or the bare community. */
export const Community = z.pipe(
  z.looseObject({ community: z.nullish(z.looseObject({})), id: z.optional(z.union([z.string(), z.number()])) }),
  z.transform((raw, ctx) => {
    const c = (raw.community ?? raw) as Record<string, unknown>;
    if (c.id == null) {
      ctx.issues.push({ code: 'custom', message: 'the community has no id', input: raw });
      return z.NEVER;
    }
    const count = (v: unknown) => (v == null || Number.isNaN(Number(v)) ? 0 : Number(v));
    return {
      id: String(c.id),
      name: typeof c.name === 'string' ? c.name : String(c.id),
      description: typeof c.description === 'string' ? c.description : '',
      members: count(c.memberCount ?? c.member_count),
      moderators: count(c.moderatorCount ?? c.moderator_count),
      createdAt: When.parse((c.createdAt ?? c.created_at ?? null) as string | null),
    };
  }),
);

export const DmMessage = z.pipe(
  z.looseObject({ id: z.union([z.string(), z.number()]), text: Str, senderId: Str, recipientId: Str, createdAt: When }),
  z.transform((m) => ({ id: String(m.id), text: m.text ?? '', senderId: m.senderId ?? null, recipientId: m.recipientId ?? null, createdAt: m.createdAt })),
);
export const DmHistory = z.pipe(
  z.looseObject({ messages: z.nullish(z.array(z.unknown())), has_next_page: Bool, next_cursor: Str }),
  z.transform((p) => ({
    messages: (p.messages ?? []).flatMap((v) => {
      const r = DmMessage.safeParse(v);
      return r.success ? [r.data] : [];
    }),
    hasNext: !!p.has_next_page && !!p.next_cursor,
    cursor: p.next_cursor || null,
  })),
);
