import { isHttpUrl } from '../text-fields';
import { z } from '../zod';
import { eventTypes, postIdOf, targetField, toolTargets, toolTypes, type ToolType } from './tools';

/**
 * Request bodies of the social workflows and account writes. Lenient in: every field the official
 * SDK sends is typed (strictly); fields nobody knows are dropped here (the sandbox ignores them)
 * and forwarded by the BFF.
 */

const USERNAME = /^@?[A-Za-z0-9_]{1,15}$/;
const ID = /^\d{1,25}$/;
const Str = (what: string, max: number) => z.string({ error: `${what} must be text` }).check(z.trim(), z.maxLength(max, `${what} takes at most ${max} characters`));
const Id = (what: string) => z.string({ error: `${what} must be a numeric id` }).check(z.trim(), z.regex(ID, `${what} must be a numeric id`));
const Username = (what: string) => z.string({ error: `${what} must be a user name` }).check(z.trim(), z.regex(USERNAME, `${what} must be a user name of 1 to 15 letters, digits or _`));
const PostRef = (what: string) => z.string({ error: `${what} must be a post id or URL` }).check(z.trim(), z.refine((s) => postIdOf(s) !== null, `${what} must be a post id or a post URL (https://x.com/<user>/status/<id>)`));
const Int = (what: string, min: number, max: number) =>
  z.int({ error: `${what} must be a whole number` }).check(z.gte(min, `${what} must be ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`), z.lte(max, `${what} must be ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`));
const Day = (what: string) => z.string().check(z.refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), `${what} must be a date (YYYY-MM-DD)`));
const List = <T extends z.ZodMiniType>(item: T, what: string, max = 100) => z.array(item).check(z.maxLength(max, `${what} takes at most ${max} items`));

export const ToolTypeField = z.enum(toolTypes as [ToolType, ...ToolType[]], { error: `toolType must be one of the 23 tools: ${toolTypes.join(', ')}` });

/** Search filters the tools that take a query (and the SDK) send; the ~50 rarer ones are forwarded untyped. */
const searchFilters = {
  fromUser: z.optional(Username('fromUser')),
  toUser: z.optional(Username('toUser')),
  mentioning: z.optional(Username('mentioning')),
  language: z.optional(z.string().check(z.regex(/^[a-z]{2,3}$/, 'language must be a language code such as en'))),
  sinceDate: z.optional(Day('sinceDate')),
  untilDate: z.optional(Day('untilDate')),
  minFaves: z.optional(Int('minFaves', 0, 100_000_000)),
  minLikes: z.optional(Int('minLikes', 0, 100_000_000)),
  minRetweets: z.optional(Int('minRetweets', 0, 100_000_000)),
  minReplies: z.optional(Int('minReplies', 0, 100_000_000)),
  minFollowers: z.optional(Int('minFollowers', 0, 1_000_000_000)),
  verifiedOnly: z.optional(z.boolean({ error: 'verifiedOnly must be true or false' })),
  hasMediaOnly: z.optional(z.boolean({ error: 'hasMediaOnly must be true or false' })),
  queryType: z.optional(z.enum(['Latest', 'Top', 'Both'], { error: 'queryType must be Latest, Top or Both' })),
  mediaType: z.optional(z.enum(['images', 'videos', 'gifs', 'media', 'links', 'none'], { error: 'mediaType must be images, videos, gifs, media, links or none' })),
};

const TargetItem = z.union([Str('targets item', 300), z.object({ kind: z.string(), value: Str('targets value', 300) })]);

export const ExtractionRequest = z
  .object({
    toolType: ToolTypeField,
    targetTweetId: z.optional(PostRef('targetTweetId')),
    targetUsername: z.optional(Username('targetUsername')),
    targetUserId: z.optional(Id('targetUserId')),
    targetCommunityId: z.optional(Id('targetCommunityId')),
    targetListId: z.optional(Id('targetListId')),
    targetSpaceId: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,32}$/, 'targetSpaceId must be a space id (letters and digits)'))),
    searchQuery: z.optional(Str('searchQuery', 512).check(z.minLength(1, 'searchQuery must not be empty'))),
    targetTweetIds: z.optional(List(PostRef('targetTweetIds item'), 'targetTweetIds')),
    targetUsernames: z.optional(List(Username('targetUsernames item'), 'targetUsernames')),
    targetCommunityIds: z.optional(List(Id('targetCommunityIds item'), 'targetCommunityIds')),
    targetListIds: z.optional(List(Id('targetListIds item'), 'targetListIds')),
    searchQueries: z.optional(List(Str('searchQueries item', 512), 'searchQueries')),
    targets: z.optional(List(TargetItem, 'targets')),
    relationTargets: z.optional(List(z.object({ relation: z.string(), value: Str('relationTargets value', 300) }), 'relationTargets')),
    resultsLimit: z.optional(Int('resultsLimit', 1, 1_000_000)),
    ...searchFilters,
  })
  .check(
    z.superRefine((b, ctx) => {
      const kind = toolTargets[b.toolType];
      const field = targetField[kind];
      const has = (k: string) => (b as Record<string, unknown>)[k] !== undefined;
      const plural: Record<string, string> = { targetTweetId: 'targetTweetIds', targetUsername: 'targetUsernames', targetCommunityId: 'targetCommunityIds', targetListId: 'targetListIds', searchQuery: 'searchQueries' };
      const ok = has(field) || (plural[field] !== undefined && has(plural[field]!)) || has('targets') || (kind === 'userId' && has('targetUsername'));
      if (!ok) ctx.issues.push({ code: 'custom', path: [field], message: `${b.toolType} needs ${field}${kind === 'userId' ? ' (or targetUsername)' : ''}`, input: b });
      if (b.toolType === 'community_search' && !has('searchQuery')) ctx.issues.push({ code: 'custom', path: ['searchQuery'], message: 'community_search needs searchQuery as well as targetCommunityId', input: b });
    }),
  );
export type ExtractionRequest = z.output<typeof ExtractionRequest>;

const EventTypes = z
  .array(z.enum(eventTypes, { error: `each event type must be one of ${eventTypes.join(', ')}` }), { error: 'eventTypes must be a list of event types' })
  .check(z.minLength(1, 'eventTypes needs at least one event type'), z.maxLength(eventTypes.length, 'eventTypes lists each type once'));

export const MonitorCreate = z.object({ username: Username('username'), eventTypes: EventTypes });
export const KeywordMonitorCreate = z.object({ query: Str('query', 500).check(z.minLength(1, 'query is required: the words to watch')), eventTypes: EventTypes });
export const MonitorPatch = z
  .object({ isActive: z.optional(z.boolean({ error: 'isActive must be true or false' })), eventTypes: z.optional(EventTypes) })
  .check(z.refine((b) => b.isActive !== undefined || b.eventTypes !== undefined, 'send isActive, eventTypes or both'));

const HookUrl = z.string({ error: 'url is required' }).check(z.trim(), z.maxLength(2000, 'url takes at most 2,000 characters'), z.refine(isHttpUrl, 'url must be a complete http(s) URL'));
export const WebhookCreate = z.object({ url: HookUrl, eventTypes: EventTypes });
export const WebhookPatch = z
  .object({ url: z.optional(HookUrl), eventTypes: z.optional(EventTypes), isActive: z.optional(z.boolean({ error: 'isActive must be true or false' })) })
  .check(z.refine((b) => Object.values(b).some((v) => v !== undefined), 'send url, eventTypes or isActive'));

const Words = (what: string) => z.optional(List(Str(`${what} item`, 100), what, 20));
export const DrawCreate = z.object({
  tweetUrl: PostRef('tweetUrl'),
  winnerCount: z.optional(Int('winnerCount', 1, 100)),
  backupCount: z.optional(Int('backupCount', 0, 100)),
  uniqueAuthorsOnly: z.optional(z.boolean()),
  mustRetweet: z.optional(z.boolean()),
  mustFollowUsername: z.optional(Username('mustFollowUsername')),
  filterMinFollowers: z.optional(Int('filterMinFollowers', 0, 1_000_000_000)),
  filterAccountAgeDays: z.optional(Int('filterAccountAgeDays', 0, 10_000)),
  filterLanguage: z.optional(z.string().check(z.regex(/^[a-z]{2,3}$/, 'filterLanguage must be a language code such as en'))),
  requiredKeywords: Words('requiredKeywords'),
  requiredHashtags: Words('requiredHashtags'),
  requiredMentions: Words('requiredMentions'),
});
export type DrawCreate = z.output<typeof DrawCreate>;

/** `account`: the connected account to act as, `@username` or its id (SDK: on every write, also DELETE bodies). */
const Account = z.string({ error: 'account is required: the connected account (@username or id) to act as' }).check(z.trim(), z.regex(/^(@?[A-Za-z0-9_]{1,15}|\d{1,25})$/, 'account must be @username or an account id'));
export const WriteBody = z.object({ account: Account });
export const TweetCreate = z
  .object({
    account: Account,
    text: z.optional(Str('text', 25_000)),
    media: z.optional(List(z.string().check(z.refine(isHttpUrl, 'each media item must be a public http(s) URL')), 'media', 4)),
    reply_to_tweet_id: z.optional(Id('reply_to_tweet_id')),
    community_id: z.optional(Id('community_id')),
    is_note_tweet: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => !!b.text?.length || !!b.media?.length, { path: ['text'], message: 'a post needs text or media' }),
    z.refine((b) => b.is_note_tweet || (b.text ?? '').length <= 280, { path: ['text'], message: 'text takes at most 280 characters (set is_note_tweet for a long post)' }),
  );
export const DmSend = z.object({ account: Account, text: Str('text', 10_000).check(z.minLength(1, 'text is required')), media_ids: z.optional(List(Id('media_ids item'), 'media_ids', 1)) });

/** Header the account writes require (docs/live-services.md#social-data--errors); its value is any client-made string. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,255}$/;
