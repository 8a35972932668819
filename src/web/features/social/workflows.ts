import { z } from '../../../contracts/zod';
import {
  ExtractionRequest,
  HOUR_MS,
  MONITOR_CREDITS_PER_HOUR,
  targetField,
  toolTargets,
  userTools,
  type ExtractionEstimate,
  type ExtractionRow,
  type Monitor,
  type TargetKind,
  type ToolType,
} from '../../../contracts/social';

/**
 * The console's rules around the social workflows, apart from the screens: what each tool is
 * called and asks for, the request an extraction form makes, the balance an estimate leaves,
 * sorting and filtering loaded rows, what an active monitor costs, write keys.
 */

export const toolLabels: Record<ToolType, string> = {
  reply_extractor: 'Replies to a post',
  repost_extractor: 'Reposters of a post',
  quote_extractor: 'Quotes of a post',
  thread_extractor: 'Thread of a post',
  article_extractor: 'Article of a post',
  favoriters: 'Likers of a post',
  follower_explorer: 'Followers of a user',
  following_explorer: 'Accounts a user follows',
  verified_follower_explorer: 'Verified followers of a user',
  mention_extractor: 'Mentions of a user',
  post_extractor: 'Posts of a user',
  user_likes: 'Likes of a user',
  user_media: 'Media posts of a user',
  community_extractor: 'Members of a community',
  community_moderator_explorer: 'Moderators of a community',
  community_post_extractor: 'Posts of a community',
  community_search: 'Search within a community',
  list_follower_explorer: 'Followers of a list',
  list_member_extractor: 'Members of a list',
  list_post_extractor: 'Posts of a list',
  space_explorer: 'Participants of a space',
  people_search: 'People search',
  tweet_search_extractor: 'Post search',
};

/** The target field of each kind: its label, hint and limit (the contract's patterns). */
export const targetInputs: Record<TargetKind, { label: string; hint: string; max: number; placeholder: string }> = {
  tweet: { label: 'Post id or URL', hint: 'Digits, or a link like https://x.com/user/status/123.', max: 300, placeholder: 'https://x.com/user/status/123' },
  username: { label: 'User name', hint: '1 to 15 letters, digits or _ (with or without @).', max: 16, placeholder: '@username' },
  userId: { label: 'User id or user name', hint: 'A numeric user id, or a user name the service resolves.', max: 25, placeholder: '44196397 or @username' },
  community: { label: 'Community id', hint: 'Digits only.', max: 25, placeholder: '1493446837214187523' },
  list: { label: 'List id', hint: 'Digits only.', max: 25, placeholder: '1585430245762441216' },
  space: { label: 'Space id', hint: 'Letters and digits, up to 32.', max: 32, placeholder: '1DXxyvXXXXXXX' },
  query: { label: 'Search query', hint: 'The platform’s search syntax; filters below narrow it.', max: 512, placeholder: 'coffee lang:en' },
};

export const rowsAreUsers = (tool: ToolType) => userTools.has(tool);

export type ExtractionValues = {
  toolType: ToolType;
  target: string;
  /** community_search's words. */
  communityQuery: string;
  resultsLimit: string;
  language: string;
  sinceDate: string;
  untilDate: string;
  minFaves: string;
  verifiedOnly: boolean;
};

export const emptyExtraction: ExtractionValues = {
  toolType: 'follower_explorer',
  target: '',
  communityQuery: '',
  resultsLimit: '1000',
  language: '',
  sinceDate: '',
  untilDate: '',
  minFaves: '',
  verifiedOnly: false,
};

/** A number field's text as the request's number: blank is absent; anything else is passed on for the schema to judge. */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

/** The extraction request a form makes: the tool's own target field, its filters when it searches. */
export function extractionBody(v: ExtractionValues): Record<string, unknown> {
  const kind = toolTargets[v.toolType];
  const target = v.target.trim();
  const body: Record<string, unknown> = { toolType: v.toolType };
  if (kind === 'userId' && target && !/^\d+$/.test(target)) body.targetUsername = target.replace(/^@/, '');
  else if (target) body[targetField[kind]] = kind === 'username' ? target.replace(/^@/, '') : target;
  if (v.toolType === 'community_search' && v.communityQuery.trim()) body.searchQuery = v.communityQuery.trim();
  const limit = num(v.resultsLimit);
  if (limit !== undefined) body.resultsLimit = limit;
  if (kind === 'query') {
    if (v.language.trim()) body.language = v.language.trim();
    if (v.sinceDate) body.sinceDate = v.sinceDate;
    if (v.untilDate) body.untilDate = v.untilDate;
    const faves = num(v.minFaves);
    if (faves !== undefined) body.minFaves = faves;
    if (v.verifiedOnly) body.verifiedOnly = true;
  }
  return body;
}

/**
 * The contract's extraction request with the form's words: a missing target is named as the form
 * labels it ("User name is required for this tool"), community_search's words beside their field.
 */
export const ExtractionFormRequest = z.pipe(
  z.unknown().check(
    z.superRefine((body, ctx) => {
      const r = ExtractionRequest.safeParse(body);
      if (r.success) return;
      const tool = (body as { toolType?: ToolType }).toolType;
      const input = tool && tool in toolTargets ? targetInputs[toolTargets[tool]] : null;
      for (const issue of r.error.issues) {
        const needs = / needs (\w+)/.exec(issue.message);
        if (needs && needs[1] === 'searchQuery' && tool === 'community_search' && issue.path[0] === 'searchQuery')
          ctx.issues.push({ code: 'custom', path: ['communityQuery'], message: 'Words to search are required: the community’s posts are searched for them.', input: body });
        else if (needs && input) ctx.issues.push({ code: 'custom', path: issue.path as PropertyKey[], message: `${input.label} is required for this tool.`, input: body });
        else ctx.issues.push({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message, input: body });
      }
    }),
  ),
  ExtractionRequest,
);

/** What an estimate leaves: the balance after the job, and why it may not run. */
export function afterEstimate(e: ExtractionEstimate): { after: number; refusal: string | null } {
  const after = Math.round((e.creditsAvailable - e.creditsRequired) * 100) / 100;
  if (e.estimatedResults === 0) return { after, refusal: 'The target has no rows to extract: there is nothing to run.' };
  if (!e.allowed || after < 0)
    return { after, refusal: `This job needs ${e.creditsRequired.toLocaleString('en')} credits and the account has ${e.creditsAvailable.toLocaleString('en')}: lower the results limit or top up.` };
  return { after, refusal: null };
}

/** Columns of the results table. */
export const rowColumns = ['username', 'displayName', 'followers', 'verified', 'userId', 'tweetId', 'tweetText', 'tweetCreatedAt'] as const;
export type RowColumn = (typeof rowColumns)[number];
export const columnLabels: Record<RowColumn, string> = {
  username: 'User',
  displayName: 'Name',
  followers: 'Followers',
  verified: 'Verified',
  userId: 'User id',
  tweetId: 'Post id',
  tweetText: 'Text',
  tweetCreatedAt: 'Posted',
};
/** The columns shown first: a post tool's rows have text; a user tool's do not. */
export const defaultColumns = (tool: ToolType): RowColumn[] =>
  rowsAreUsers(tool) ? ['username', 'displayName', 'followers', 'verified'] : ['username', 'tweetText', 'tweetCreatedAt', 'followers'];

export type Sort = { column: RowColumn; dir: 'asc' | 'desc' } | null;

const sortValue = (r: ExtractionRow, c: RowColumn): string | number | null => {
  const v = r[c];
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (c === 'userId' || c === 'tweetId') return (v as string).padStart(25, '0');
  return typeof v === 'string' ? v.toLowerCase() : v;
};

/** Rows sorted by one column (empty values last in either direction); stable, the input is not changed. */
export function sortRows(rows: readonly ExtractionRow[], sort: Sort): readonly ExtractionRow[] {
  if (!sort) return rows;
  const keyed = rows.map((r, i) => ({ r, i, k: sortValue(r, sort.column) }));
  const sign = sort.dir === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    if (a.k === b.k) return a.i - b.i;
    if (a.k === null) return 1;
    if (b.k === null) return -1;
    return (a.k < b.k ? -1 : 1) * sign;
  });
  return keyed.map((x) => x.r);
}

export type RowFilter = { text: string; verifiedOnly: boolean; minFollowers: number | null };
export const noFilter: RowFilter = { text: '', verifiedOnly: false, minFollowers: null };

/** The loaded rows that have every word of `text` (user, name or post text), and pass the other filters. */
export function filterRows(rows: readonly ExtractionRow[], f: RowFilter): readonly ExtractionRow[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length && !f.verifiedOnly && f.minFollowers === null) return rows;
  return rows.filter((r) => {
    if (f.verifiedOnly && !r.verified) return false;
    if (f.minFollowers !== null && (r.followers ?? 0) < f.minFollowers) return false;
    if (!words.length) return true;
    const hay = `${r.username ?? ''} ${r.displayName ?? ''} ${r.tweetText ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** A job's duration so far (or in all), in seconds; null before it starts. */
/**
 * How far a job is: the rows collected so far (the job's `totalResults`, growing while it runs),
 * the rows expected (its estimate, when the service gave one) and the share done (null when the
 * expected count is unknown, for an indeterminate bar). A completed job is whole.
 */
export function jobProgress(job: { status: string; totalResults: number; estimatedResults: number | null }): { rows: number; expected: number | null; percent: number | null } {
  const expected = job.status === 'completed' ? Math.max(job.totalResults, job.estimatedResults ?? 0) : job.estimatedResults;
  const rows = job.totalResults;
  if (job.status === 'completed') return { rows, expected, percent: 100 };
  if (expected === null || expected <= 0) return { rows, expected, percent: job.status === 'failed' ? 0 : null };
  return { rows, expected, percent: Math.min(100, (rows / expected) * 100) };
}

export function jobSeconds(job: { startedAt: number | null; createdAt: number | null; completedAt: number | null }, now: number): number | null {
  const from = job.startedAt ?? job.createdAt;
  if (from === null) return null;
  return Math.max(0, ((job.completedAt ?? now) - from) / 1000);
}

/**
 * What an account or keyword monitor costs: credits an hour while active, and what it has spent
 * today (each active hour started since midnight or since it was made, counted from its creation
 * as the service bills; a paused monitor spends nothing until resumed).
 */
export function monitorCost(m: Pick<Monitor, 'active' | 'createdAt'>, now: number, dayStart: number): { perHour: number; today: number } {
  if (!m.active) return { perHour: 0, today: 0 };
  const created = m.createdAt ?? now;
  const from = Math.max(created, dayStart);
  // Billing hours begin at creation: count the hour starts that fall between `from` and now.
  const firstStart = created + Math.ceil((from - created) / HOUR_MS) * HOUR_MS;
  const hours = now < firstStart ? 0 : Math.floor((now - firstStart) / HOUR_MS) + 1;
  return { perHour: MONITOR_CREDITS_PER_HOUR, today: hours * MONITOR_CREDITS_PER_HOUR };
}

export const startOfDay = (now: number) => {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

/** A fresh Idempotency-Key for one account write (reused only to retry that same write). */
export const newIdempotencyKey = (random: () => string = () => crypto.randomUUID()) => `tc-${random()}`;

/** A schedule's period as words: 0.5 → "every 30 minutes", 24 → "every 24 hours". */
export function everyLabel(hours: number): string {
  if (hours < 1) return `every ${Math.round(hours * 60)} minute${Math.round(hours * 60) === 1 ? '' : 's'}`;
  return `every ${Number(hours.toFixed(2))} hour${hours === 1 ? '' : 's'}`;
}

export type DrawValues = {
  tweetUrl: string;
  winnerCount: string;
  backupCount: string;
  uniqueAuthorsOnly: boolean;
  mustRetweet: boolean;
  mustFollowUsername: string;
  filterMinFollowers: string;
  filterAccountAgeDays: string;
  filterLanguage: string;
  requiredKeywords: string;
  requiredHashtags: string;
  requiredMentions: string;
};
export const emptyDraw: DrawValues = {
  tweetUrl: '',
  winnerCount: '1',
  backupCount: '0',
  uniqueAuthorsOnly: true,
  mustRetweet: false,
  mustFollowUsername: '',
  filterMinFollowers: '',
  filterAccountAgeDays: '',
  filterLanguage: '',
  requiredKeywords: '',
  requiredHashtags: '',
  requiredMentions: '',
};

/** Words typed with commas or spaces as a list (`#a, #b` → ["#a", "#b"]). */
export const wordList = (s: string) => s.split(/[,\s]+/).map((w) => w.trim()).filter(Boolean);

/** The draw request a form makes: blank fields left out, numbers as numbers, words as lists. */
export function drawBody(v: DrawValues): Record<string, unknown> {
  const body: Record<string, unknown> = { tweetUrl: v.tweetUrl.trim() };
  const n = (k: 'winnerCount' | 'backupCount' | 'filterMinFollowers' | 'filterAccountAgeDays') => {
    const x = num(v[k]);
    if (x !== undefined) body[k] = x;
  };
  n('winnerCount');
  n('backupCount');
  n('filterMinFollowers');
  n('filterAccountAgeDays');
  if (v.uniqueAuthorsOnly) body.uniqueAuthorsOnly = true;
  if (v.mustRetweet) body.mustRetweet = true;
  if (v.mustFollowUsername.trim()) body.mustFollowUsername = v.mustFollowUsername.trim().replace(/^@/, '');
  if (v.filterLanguage.trim()) body.filterLanguage = v.filterLanguage.trim();
  for (const k of ['requiredKeywords', 'requiredHashtags', 'requiredMentions'] as const) {
    const words = wordList(v[k]);
    if (words.length) body[k] = words;
  }
  return body;
}

/** Event types as the pickers group them. */
export const eventGroups = (types: readonly string[]) => ({
  posts: types.filter((t) => t.startsWith('tweet.')),
  profile: types.filter((t) => t.startsWith('profile.')),
});

/** A 409 from monitor creation said in words (the service's `monitor_already_exists`). */
export function duplicateMonitorText(kind: 'account' | 'keyword', subject: string): string {
  return kind === 'account'
    ? `A monitor for @${subject.replace(/^@/, '')} already exists on this account: there is one monitor per account. Resume or retype it in the list instead of making another.`
    : `A keyword monitor for “${subject}” already exists: resume or retype it in the list instead of making another.`;
}

/** What a received event carried, in a line: who, and the start of the post. */
export function eventSummary(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as { username?: unknown; query?: unknown; data?: { authorUsername?: unknown; text?: unknown } };
  const who = typeof b.data?.authorUsername === 'string' ? `@${b.data.authorUsername}` : typeof b.username === 'string' ? `@${b.username}` : '';
  const text = typeof b.data?.text === 'string' ? b.data.text : typeof b.query === 'string' ? `“${b.query}”` : '';
  const line = [who, text].filter(Boolean).join(': ');
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/** The reads of the Lookup page: what each asks for and reads. */
export const lookups = {
  'tweets.batch': { label: 'Posts by id', input: 'ids', gives: 'posts' },
  'users.batch': { label: 'Users by id', input: 'ids', gives: 'users' },
  'lists.members': { label: 'Members of a list', input: 'id', gives: 'users' },
  'lists.followers': { label: 'Followers of a list', input: 'id', gives: 'users' },
  'lists.tweets': { label: 'Posts of a list', input: 'id', gives: 'posts' },
  'communities.tweets': { label: 'Posts of a community', input: 'id', gives: 'posts' },
  'communities.members': { label: 'Members of a community', input: 'id', gives: 'users' },
  'communities.moderators': { label: 'Moderators of a community', input: 'id', gives: 'users' },
  'communities.search': { label: 'Search a community', input: 'id+q', gives: 'posts' },
  'articles.get': { label: 'Article of a post', input: 'id', gives: 'article' },
} as const;
export type LookupKind = keyof typeof lookups;

/** Ids typed with commas, spaces or new lines, as the service takes them (`1,2,3`); a sentence when they will not do. */
export function idsOf(text: string): { ids: string | null; error: string | null } {
  const list = text.split(/[\s,]+/).filter(Boolean);
  if (!list.length) return { ids: null, error: 'Enter at least one id.' };
  if (list.length > 100) return { ids: null, error: `At most 100 ids at a time (${list.length} given).` };
  const bad = list.find((i) => !/^\d{1,25}$/.test(i));
  if (bad) return { ids: null, error: `“${bad.slice(0, 30)}” is not an id: ids are digits only.` };
  return { ids: [...new Set(list)].join(','), error: null };
}
