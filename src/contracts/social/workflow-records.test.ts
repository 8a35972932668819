import { describe, expect, it } from 'vitest';
import { Article, Community, DmHistory, Radar, WriteAction } from './account-records';
import { Draw, DrawList, ExtractionEstimate, ExtractionJob, ExtractionList, ExtractionPage } from './workflow-records';
import { Deleted, DeliveryList, EventList, Monitor, MonitorList, SocialEvent, Webhook, WebhookList, WebhookPing } from './hook-records';

/**
 * Each workflow record read in the live-service notes (docs/live-services.md#social-data--official-clients) shape (the document's, for this service) and in
 * the live shape the official SDK types, normalized to the same model.
 */
describe('extraction records', () => {
  it('an estimate with amounts as decimal strings (live) or numbers', () => {
    const live = ExtractionEstimate.parse({ allowed: true, creditsAvailable: '9950.50', creditsRequired: '12', estimatedResults: 240, source: 'followers', resolvedXUserId: '44196397' });
    expect(live).toEqual({ allowed: true, creditsAvailable: 9950.5, creditsRequired: 12, estimatedResults: 240, source: 'followers', resolvedUserId: '44196397' });
    expect(ExtractionEstimate.parse({ allowed: false, creditsAvailable: 3, creditsRequired: 12, estimatedResults: 240 })).toMatchObject({ allowed: false, source: 'unknown', resolvedUserId: null });
  });

  it('a job as the create answer, as a list item, and as the full record', () => {
    expect(ExtractionJob.parse({ id: 'ext_1', toolType: 'reply_extractor', status: 'running' })).toMatchObject({ id: 'ext_1', toolType: 'reply_extractor', status: 'running', totalResults: 0, createdAt: null });
    expect(ExtractionJob.parse({ id: 42, createdAt: '2026-01-02T03:04:05Z', status: 'completed', totalResults: 10, completedAt: '2026-01-02T03:05:00Z' })).toMatchObject({ id: '42', toolType: null, totalResults: 10, completedAt: Date.parse('2026-01-02T03:05:00Z') });
    expect(ExtractionJob.parse({ id: 'x', status: 'queued_somewhere' }).status).toBe('running');
    expect(ExtractionJob.parse({ id: 'x', status: 'failed', error: 'boom', creditsCharged: '0' })).toMatchObject({ status: 'failed', error: 'boom', creditsCharged: 0 });
  });

  it('a results page with rows (other columns kept) and both paging spellings', () => {
    const page = ExtractionPage.parse({
      job: { id: 'j', status: 'completed', totalResults: 2 },
      results: [{ xUserId: '1', xUsername: 'ada', xDisplayName: 'Ada', xFollowersCount: '12', xVerified: true, tweetId: '9', tweetText: 'hi', tweetCreatedAt: '2026-01-01T00:00:00Z', likeCount: 3 }, { xUserId: '2' }],
      hasMore: true,
      nextCursor: 'abc',
    });
    expect(page.rows[0]).toMatchObject({ userId: '1', username: 'ada', followers: 12, verified: true, tweetId: '9', tweetCreatedAt: Date.parse('2026-01-01T00:00:00Z'), extra: { likeCount: 3 } });
    expect(page.rows[1]).toMatchObject({ userId: '2', username: null, verified: false });
    expect(page).toMatchObject({ hasMore: true, cursor: 'abc' });
    expect(ExtractionPage.parse({ job: { id: 'j', status: 'completed' }, results: [], has_next_page: true, next_cursor: 'n' })).toMatchObject({ hasMore: true, cursor: 'n' });
    expect(ExtractionList.parse({ extractions: [{ id: '1', status: 'completed', totalResults: 1 }], hasMore: false })).toMatchObject({ jobs: [{ id: '1' }], hasMore: false, cursor: null });
  });
});

describe('draws', () => {
  const winners = [{ position: 1, authorUsername: 'ada', tweetId: '7', isBackup: false }];
  it('the create answer (flat) and the retrieve answer ({draw, winners}) read the same', () => {
    const created = Draw.parse({ id: 'd1', tweetId: '5', totalEntries: 30, validEntries: 12, winners });
    const retrieved = Draw.parse({ draw: { id: 'd1', tweetId: '5', totalEntries: '30', validEntries: 12, status: 'completed', tweetUrl: 'https://x.com/a/status/5', tweetAuthorUsername: 'a', createdAt: '2026-01-01T00:00:00Z' }, winners });
    expect(retrieved).toMatchObject({ id: created.id, totalEntries: 30, validEntries: 12, winners: created.winners, tweetAuthor: 'a' });
    expect(created.winners[0]).toEqual({ position: 1, username: 'ada', tweetId: '7', isBackup: false, userId: null });
    expect(DrawList.parse({ draws: [{ id: 'd1', totalEntries: 3, validEntries: 1 }], hasMore: false }).draws).toHaveLength(1);
  });
});

describe('monitors, events, webhooks', () => {
  it('account and keyword monitors, and their lists', () => {
    const account = Monitor.parse({ id: 'm1', username: 'ada', xUserId: '44', eventTypes: ['tweet.new'], isActive: true, createdAt: '2026-01-01T00:00:00Z', nextBillingAt: '2026-01-01T01:00:00Z' });
    expect(account).toMatchObject({ kind: 'account', username: 'ada', userId: '44', active: true, nextBillingAt: Date.parse('2026-01-01T01:00:00Z') });
    expect(Monitor.parse({ id: 7, query: 'coffee', eventTypes: ['tweet.new'], isActive: false, pausedAt: 1700000000 })).toMatchObject({ id: '7', kind: 'keyword', query: 'coffee', active: false, pausedAt: 1700000000000 });
    expect(MonitorList.parse({ monitors: [{ id: 'm1', username: 'ada' }, { bad: true }] })).toMatchObject({ total: 1 });
  });

  it('events: `type` (SDK) or `eventType` (delivery body), the cursor as nextCursor or next_cursor', () => {
    const sdk = SocialEvent.parse({ id: 'e1', type: 'tweet.new', monitorId: 'm1', monitorType: 'account', occurredAt: '2026-01-01T00:00:00Z', username: 'ada', data: { tweetId: '1' } });
    const delivered = SocialEvent.parse({ id: 'e1', eventType: 'tweet.new', monitorId: 'm1', occurredAt: '2026-01-01T00:00:00Z', username: 'ada', data: { tweetId: '1' } });
    expect(delivered).toEqual(sdk);
    expect(SocialEvent.parse({ id: 'e2', type: 'tweet.new', keywordMonitorId: 'k1', query: 'x' })).toMatchObject({ monitorId: 'k1', monitorType: 'keyword' });
    expect(EventList.parse({ events: [sdk], hasMore: true, nextCursor: 'c' })).toMatchObject({ hasMore: true, cursor: 'c' });
  });

  it('webhooks (the secret only in the create answer), deliveries with their attempts, test and resume answers', () => {
    const created = Webhook.parse({ id: 'w1', url: 'https://a.example/h', eventTypes: ['tweet.new'], secret: 'whsec_1', createdAt: '2026-01-01T00:00:00Z' });
    expect(created).toMatchObject({ secret: 'whsec_1', active: true, deliveryStatus: 'active', consecutiveFailures: 0 });
    const listed = WebhookList.parse({ webhooks: [{ id: 'w1', url: 'https://a.example/h', eventTypes: ['tweet.new'], isActive: true, consecutiveFailures: 2, deliveryStatus: 'paused', failureHardCap: 3 }] }).webhooks[0]!;
    expect(listed).toMatchObject({ secret: null, deliveryStatus: 'paused', failureHardCap: 3 });
    const deliveries = DeliveryList.parse({ deliveries: [{ id: 'd', attempts: 6, status: 'exhausted', createdAt: '2026-01-01T00:00:00Z', streamEventId: 'e1', lastStatusCode: 500, lastError: 'the receiver answered 500', attemptLog: [{ at: '2026-01-01T00:00:01Z', statusCode: 500, error: 'x', durationMs: 3 }] }] }).deliveries;
    expect(deliveries[0]).toMatchObject({ attempts: 6, status: 'exhausted', eventId: 'e1', lastStatusCode: 500, log: [{ statusCode: 500, durationMs: 3 }] });
    expect(DeliveryList.parse({ deliveries: [{ id: 'd2', attempts: 1, status: 'delivered' }] }).deliveries[0]!.log).toEqual([]);
    expect(WebhookPing.parse({ statusCode: 200, success: true, webhook: { id: 'w1', url: 'u', eventTypes: [] } })).toMatchObject({ success: true, webhook: { id: 'w1' } });
    expect(WebhookPing.parse({ statusCode: null, success: false, error: 'timeout' })).toMatchObject({ success: false, error: 'timeout', webhook: null });
    expect(Deleted.parse({ success: true })).toEqual({ success: true });
    expect(Deleted.parse({})).toEqual({ success: true });
  });
});

describe('account records', () => {
  it('a write action, new and replayed', () => {
    const record = { id: 'wa_1', writeActionId: 'wa_1', object: 'x_write_action', action: 'like', status: 'success', success: true, terminal: true, retryable: false, safeToRetry: false, chargedCredits: '0', targetId: '9', result: { id: '9', type: 'state_change' } };
    expect(WriteAction.parse(record)).toMatchObject({ id: 'wa_1', action: 'like', status: 'success', targetId: '9', resultType: 'state_change', replayed: false, chargedCredits: 0 });
    expect(WriteAction.parse({ ...record, idempotent: true }).replayed).toBe(true);
    expect(WriteAction.parse({ id: 'x', action: 'follow', status: 'pending_confirmation' })).toMatchObject({ status: 'pending_confirmation', terminal: false });
  });

  it('articles, communities (wrapped or bare), the radar, DM history', () => {
    expect(Article.parse({ article: { title: 'T', contents: 'Body' }, author: { id: '1', name: 'A', username: 'a' } })).toMatchObject({ title: 'T', text: 'Body', author: { username: 'a' } });
    expect(Community.parse({ community: { id: 5, name: 'C', memberCount: '10' } })).toMatchObject({ id: '5', members: 10 });
    expect(Community.parse({ id: '5', name: 'C', member_count: 10 })).toMatchObject({ id: '5', members: 10 });
    expect(Radar.parse({ items: [{ id: 1, title: 'X', source: 'reddit', score: '12' }], hasMore: true, nextCursor: 'r' })).toMatchObject({ items: [{ id: '1', score: 12 }], hasMore: true, cursor: 'r' });
    expect(DmHistory.parse({ messages: [{ id: 1, text: 'hi' }], has_next_page: false, next_cursor: '' })).toMatchObject({ messages: [{ id: '1', text: 'hi' }], hasNext: false, cursor: null });
  });
});
