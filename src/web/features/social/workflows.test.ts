import { describe, expect, it } from 'vitest';
import { DrawCreate, ExtractionRequest, HOUR_MS, type ExtractionRow } from '../../../contracts/social';
import {
  afterEstimate,
  defaultColumns,
  drawBody,
  duplicateMonitorText,
  emptyDraw,
  emptyExtraction,
  eventSummary,
  everyLabel,
  extractionBody,
  filterRows,
  jobProgress,
  jobSeconds,
  monitorCost,
  newIdempotencyKey,
  noFilter,
  sortRows,
  wordList,
} from './workflows';
import { IDEMPOTENCY_KEY } from '../../../contracts/social';

const row = (over: Partial<ExtractionRow>): ExtractionRow => ({
  userId: null,
  username: null,
  displayName: null,
  followers: null,
  verified: false,
  tweetId: null,
  tweetText: null,
  tweetCreatedAt: null,
  extra: {},
  ...over,
});

describe('extractionBody', () => {
  it('puts the target in the tool’s own field, without the @ of a user name', () => {
    expect(extractionBody({ ...emptyExtraction, toolType: 'follower_explorer', target: ' @Ada ' })).toEqual({ toolType: 'follower_explorer', targetUsername: 'Ada', resultsLimit: 1000 });
    expect(extractionBody({ ...emptyExtraction, toolType: 'reply_extractor', target: 'https://x.com/a/status/123', resultsLimit: '' })).toEqual({
      toolType: 'reply_extractor',
      targetTweetId: 'https://x.com/a/status/123',
    });
  });
  it('sends a user name for the user-id tools when given a name, and the id when digits', () => {
    expect(extractionBody({ ...emptyExtraction, toolType: 'user_likes', target: '@bob' })).toMatchObject({ targetUsername: 'bob' });
    expect(extractionBody({ ...emptyExtraction, toolType: 'user_likes', target: '42' })).toMatchObject({ targetUserId: '42' });
  });
  it('adds search filters only to the query tools, and community_search its words', () => {
    const v = { ...emptyExtraction, language: 'en', minFaves: '10', verifiedOnly: true, sinceDate: '2026-01-01' };
    expect(extractionBody({ ...v, toolType: 'tweet_search_extractor', target: 'coffee' })).toEqual({
      toolType: 'tweet_search_extractor',
      searchQuery: 'coffee',
      resultsLimit: 1000,
      language: 'en',
      minFaves: 10,
      verifiedOnly: true,
      sinceDate: '2026-01-01',
    });
    expect(extractionBody({ ...v, toolType: 'follower_explorer', target: 'ada' })).not.toHaveProperty('language');
    expect(extractionBody({ ...emptyExtraction, toolType: 'community_search', target: '77', communityQuery: 'rust' })).toMatchObject({ targetCommunityId: '77', searchQuery: 'rust' });
  });
  it('makes bodies the contract takes, and refuses what it should', () => {
    expect(ExtractionRequest.safeParse(extractionBody({ ...emptyExtraction, target: 'ada' })).success).toBe(true);
    expect(ExtractionRequest.safeParse(extractionBody({ ...emptyExtraction, target: '' })).success).toBe(false);
    expect(ExtractionRequest.safeParse(extractionBody({ ...emptyExtraction, target: 'ada', resultsLimit: '2.5' })).success).toBe(false);
    expect(ExtractionRequest.safeParse(extractionBody({ ...emptyExtraction, target: 'ada', resultsLimit: 'abc' })).success).toBe(false);
  });
});

describe('afterEstimate', () => {
  const e = { allowed: true, creditsAvailable: 100, creditsRequired: 30, estimatedResults: 600, source: 'x', resolvedUserId: null };
  it('says the balance after the job', () => expect(afterEstimate(e)).toEqual({ after: 70, refusal: null }));
  it('refuses when the credits do not reach, with both figures', () => expect(afterEstimate({ ...e, allowed: false, creditsAvailable: 10 }).refusal).toMatch(/needs 30 credits and the account has 10/));
  it('refuses an empty target', () => expect(afterEstimate({ ...e, estimatedResults: 0, creditsRequired: 0 }).refusal).toMatch(/no rows/));
});

describe('sortRows and filterRows', () => {
  const rows = [row({ username: 'b', followers: 5, verified: true }), row({ username: 'a', followers: null }), row({ username: 'C', followers: 50, tweetText: 'Coffee time' })];
  it('sorts by a column either way, empty values last, without changing the input', () => {
    expect(sortRows(rows, { column: 'followers', dir: 'desc' }).map((r) => r.username)).toEqual(['C', 'b', 'a']);
    expect(sortRows(rows, { column: 'followers', dir: 'asc' }).map((r) => r.username)).toEqual(['b', 'C', 'a']);
    expect(sortRows(rows, { column: 'username', dir: 'asc' }).map((r) => r.username)).toEqual(['a', 'b', 'C']);
    expect(rows.map((r) => r.username)).toEqual(['b', 'a', 'C']);
    expect(sortRows(rows, null)).toBe(rows);
  });
  it('sorts ids as numbers', () => {
    const ids = [row({ tweetId: '99' }), row({ tweetId: '100' })];
    expect(sortRows(ids, { column: 'tweetId', dir: 'asc' }).map((r) => r.tweetId)).toEqual(['99', '100']);
  });
  it('keeps rows with every word, verified ones, or those over a follower count', () => {
    expect(filterRows(rows, noFilter)).toBe(rows);
    expect(filterRows(rows, { ...noFilter, text: 'coffee c' }).map((r) => r.username)).toEqual(['C']);
    expect(filterRows(rows, { ...noFilter, verifiedOnly: true }).map((r) => r.username)).toEqual(['b']);
    expect(filterRows(rows, { ...noFilter, minFollowers: 6 }).map((r) => r.username)).toEqual(['C']);
  });
  it('sorts 100,000 rows quickly', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => row({ username: `u${(i * 7919) % 100_000}`, followers: (i * 31) % 1000 }));
    const t = performance.now();
    const sorted = sortRows(many, { column: 'followers', dir: 'desc' });
    expect(performance.now() - t).toBeLessThan(1500);
    expect(sorted[0]!.followers).toBe(999);
  });
  it('shows text columns for post tools and user columns for user tools', () => {
    expect(defaultColumns('follower_explorer')).not.toContain('tweetText');
    expect(defaultColumns('reply_extractor')).toContain('tweetText');
  });
});

describe('jobSeconds', () => {
  it('counts from the start to the end, or to now while running', () => {
    expect(jobSeconds({ createdAt: 0, startedAt: 1000, completedAt: 6000 }, 99_000)).toBe(5);
    expect(jobSeconds({ createdAt: 0, startedAt: 1000, completedAt: null }, 3000)).toBe(2);
    expect(jobSeconds({ createdAt: null, startedAt: null, completedAt: null }, 3000)).toBeNull();
  });
});

describe('jobProgress', () => {
  it('shows the rows collected against the rows expected, whole when completed, unknown without an estimate', () => {
    expect(jobProgress({ status: 'pending', totalResults: 0, estimatedResults: 400 })).toEqual({ rows: 0, expected: 400, percent: 0 });
    expect(jobProgress({ status: 'running', totalResults: 100, estimatedResults: 400 })).toEqual({ rows: 100, expected: 400, percent: 25 });
    expect(jobProgress({ status: 'completed', totalResults: 400, estimatedResults: 400 })).toEqual({ rows: 400, expected: 400, percent: 100 });
    expect(jobProgress({ status: 'running', totalResults: 120, estimatedResults: null })).toEqual({ rows: 120, expected: null, percent: null });
  });
});

describe('monitorCost', () => {
  const day = Date.UTC(2026, 0, 2);
  it('bills each hour begun since creation, counted from midnight for older monitors', () => {
    expect(monitorCost({ active: true, createdAt: day + 10 * 60_000 }, day + 30 * 60_000, day)).toEqual({ perHour: 1, today: 1 });
    expect(monitorCost({ active: true, createdAt: day + 10 * 60_000 }, day + 10 * 60_000 + 2 * HOUR_MS, day)).toEqual({ perHour: 1, today: 3 });
    // Made yesterday at 23:30: its hours begin at :30; today's first at 00:30.
    expect(monitorCost({ active: true, createdAt: day - 30 * 60_000 }, day + 20 * 60_000, day).today).toBe(0);
    expect(monitorCost({ active: true, createdAt: day - 30 * 60_000 }, day + 40 * 60_000, day).today).toBe(1);
  });
  it('costs nothing paused', () => expect(monitorCost({ active: false, createdAt: day }, day + HOUR_MS, day)).toEqual({ perHour: 0, today: 0 }));
});

describe('drawBody', () => {
  it('leaves blanks out and splits words', () => {
    const body = drawBody({ ...emptyDraw, tweetUrl: ' https://x.com/a/status/5 ', winnerCount: '3', requiredHashtags: '#a, #b  #c', mustFollowUsername: '@ada' });
    expect(body).toEqual({ tweetUrl: 'https://x.com/a/status/5', winnerCount: 3, backupCount: 0, uniqueAuthorsOnly: true, mustFollowUsername: 'ada', requiredHashtags: ['#a', '#b', '#c'] });
    expect(DrawCreate.safeParse(body).success).toBe(true);
    expect(DrawCreate.safeParse(drawBody({ ...emptyDraw, tweetUrl: 'nope' })).success).toBe(false);
    expect(wordList(' , ')).toEqual([]);
  });
});

describe('small words', () => {
  it('makes idempotency keys the service takes, new each time', () => {
    const a = newIdempotencyKey();
    expect(IDEMPOTENCY_KEY.test(a)).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });
  it('says schedule periods', () => {
    expect(everyLabel(0.5)).toBe('every 30 minutes');
    expect(everyLabel(1)).toBe('every 1 hour');
    expect(everyLabel(24)).toBe('every 24 hours');
  });
  it('explains a duplicate monitor', () => expect(duplicateMonitorText('account', '@ada')).toMatch(/monitor for @ada already exists/));
  it('sums up an event', () => {
    expect(eventSummary({ eventType: 'tweet.new', username: 'ada', data: { authorUsername: 'ada', text: 'hello' } })).toBe('@ada: hello');
    expect(eventSummary(null)).toBe('');
    expect(eventSummary({ data: { text: 'x'.repeat(300) } })).toHaveLength(160);
  });
});

describe('ExtractionFormRequest', () => {
  it('names a missing target as the form labels it, and takes what the contract takes', async () => {
    const { ExtractionFormRequest } = await import('./workflows');
    const missing = ExtractionFormRequest.safeParse(extractionBody({ ...emptyExtraction, target: '' }));
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['targetUsername', 'User name is required for this tool.']]);
    const words = ExtractionFormRequest.safeParse(extractionBody({ ...emptyExtraction, toolType: 'community_search', target: '12' }));
    expect(words.error?.issues.map((i) => i.path.join('.'))).toEqual(['communityQuery']);
    expect(ExtractionFormRequest.safeParse(extractionBody({ ...emptyExtraction, target: 'ada' })).data).toMatchObject({ toolType: 'follower_explorer', targetUsername: 'ada' });
  });
});

describe('idsOf', () => {
  it('reads ids separated by commas, spaces or lines, once each', async () => {
    const { idsOf } = await import('./workflows');
    expect(idsOf(' 1, 2\n3 2 ')).toEqual({ ids: '1,2,3', error: null });
    expect(idsOf('').error).toBe('Enter at least one id.');
    expect(idsOf('1, abc').error).toBe('“abc” is not an id: ids are digits only.');
    expect(idsOf(Array.from({ length: 101 }, (_, i) => i + 1).join(',')).error).toMatch(/At most 100 ids/);
  });
});
