import { HOUR_MS, MONITOR_CREDITS_PER_HOUR } from '../../../../contracts/social';
import type { CreditStore } from '../../store/credits';
import type { EventRow, MonitorRow, MonitorStore } from '../../store/monitors';
import type { SocialData } from '../../store/state';
import type { WebhookStore } from '../../store/webhooks';
import type { Activity } from '../universe/live';
import type { DeliveryWorker } from './deliveries';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A monitor as the SDK reads it (account: `username`, `xUserId`; keyword: `query`). */
export function monitorJson(m: MonitorRow) {
  const common = { id: m.id, eventTypes: JSON.parse(m.event_types) as string[], isActive: !!m.active, createdAt: iso(m.created_at), nextBillingAt: m.active ? iso(m.next_billing_at) : null };
  const paused = m.paused_at !== null && !m.active ? { pausedAt: iso(m.paused_at) } : {};
  return m.kind === 'account' ? { ...common, username: m.subject, xUserId: m.subject_key.split(':')[1] ?? null, ...paused } : { ...common, query: m.subject, ...paused };
}

export const eventJson = (e: EventRow) => JSON.parse(e.record) as Record<string, unknown>;

/**
 * Turns live activity into events: on each poll, every active monitor reads the slots that ended
 * since its last poll, keeps what its event types ask for, stores an event and queues a delivery to
 * each webhook of the account that takes it. Bills each active monitor by the hour (it pauses when
 * the credits run out).
 */
export class MonitorEngine {
  constructor(
    private readonly deps: { data: () => SocialData; monitors: MonitorStore; webhooks: WebhookStore; worker: DeliveryWorker; credits: CreditStore; now: () => number },
  ) {}

  /** The slot a new monitor starts watching from (only what happens after it exists). */
  startSlot() {
    return this.deps.data().live.slotAt(this.deps.now());
  }

  poll() {
    const now = this.deps.now();
    const live = this.deps.data().live;
    const current = live.slotAt(now);
    for (const m of this.deps.monitors.active()) {
      if (!this.bill(m, now)) continue;
      if (current <= m.checked_slot) continue;
      const acts = m.kind === 'account' ? live.account(m.user_index ?? 0, m.checked_slot, current) : live.keyword(m.subject, m.checked_slot, current);
      const types = JSON.parse(m.event_types) as string[];
      for (const a of acts) {
        const type = [a.primary, ...a.flags].find((t) => types.includes(t));
        if (type) this.emit(m, a, type);
      }
      this.deps.monitors.update(m.id, { checked_slot: current });
    }
  }

  /** Charges the hour that starts at `nextBillingAt`; false (and paused) when the balance is short. */
  private bill(m: MonitorRow, now: number): boolean {
    let next = m.next_billing_at ?? now;
    while (next <= now) {
      if (!this.deps.credits.charge(m.account, MONITOR_CREDITS_PER_HOUR, `monitor ${m.id} hour`, m.id)) {
        this.deps.monitors.update(m.id, { active: 0, paused_at: now, next_billing_at: null });
        return false;
      }
      next += HOUR_MS;
    }
    if (next !== m.next_billing_at) this.deps.monitors.update(m.id, { next_billing_at: next });
    return true;
  }

  private emit(m: MonitorRow, a: Activity, type: string) {
    const d = this.deps.data();
    const p = a.post;
    const author = d.corpus.users[p.author]!;
    const data = {
      tweetId: p.id,
      text: p.text,
      authorId: author.id,
      authorUsername: author.username,
      url: `https://x.com/${author.username}/status/${p.id}`,
      createdAt: iso(p.createdAt),
      metrics: { likes: p.likes, retweets: p.reposts, replies: p.replies, quotes: p.quotes, views: p.views },
      ...(p.ref >= 0 ? { inReplyToId: d.corpus.posts[p.ref]!.id } : {}),
    };
    const subject = m.kind === 'account' ? { username: m.subject } : { query: m.subject, keywordMonitorId: m.id };
    const record = { type, monitorId: m.id, monitorType: m.kind, occurredAt: iso(p.createdAt), xEventId: `x_${p.id}_${type}`, ...subject, data };
    const row = this.deps.monitors.addEvent({ account: m.account, monitor_id: m.id, monitor_type: m.kind, type, occurred_at: p.createdAt, record: '{}' });
    this.deps.monitors.setEventRecord(row.id, JSON.stringify({ id: row.id, ...record }));
    const body = { id: row.id, eventType: type, ...record, timestamp: iso(this.deps.now()) };
    this.deps.worker.enqueue(this.deps.webhooks.list(m.account), { id: row.id, type, body });
  }
}
