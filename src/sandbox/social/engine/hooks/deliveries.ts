import type { Deliver } from '../../../../node-lib/deliver';
import type { DeliveryRow, WebhookRow, WebhookStore } from '../../store/webhooks';
import { signedHeaders } from './signing';

/** Waits before each retry (live schedule, seconds of sandbox time): 5 retries after the first try. */
export const RETRY_SECONDS = [1, 2, 4, 8, 16] as const;
export const MAX_ATTEMPTS = RETRY_SECONDS.length + 1;
/** Consecutive failed deliveries after which a webhook needs attention. */
export const FAILURE_HARD_CAP = 3;
/** Receivers must answer within 10 s (live). */
export const ANSWER_MS = 10_000;

export type PingResult = { statusCode: number | null; success: boolean; error?: string };

/**
 * Sends deliveries: each a real HTTP POST through the injected `deliver`, signed with the
 * webhook's secret; retried on network errors, 5xx and 429 after 1, 2, 4, 8, 16 s (divided by
 * SANDBOX_SPEED), not on other 4xx; every attempt logged. A delivery that runs out of tries is
 * `exhausted` and pauses its webhook, which holds later deliveries until it is resumed.
 */
export class DeliveryWorker {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly deps: { webhooks: WebhookStore; deliver: Deliver; now: () => number; speed: number },
  ) {}

  /** Queues one delivery per webhook of the account that takes this event type. */
  enqueue(hooks: WebhookRow[], event: { id: string; type: string; body: Record<string, unknown> }) {
    const now = this.deps.now();
    for (const w of hooks) {
      const types = JSON.parse(w.event_types) as string[];
      if (!w.active || !types.includes(event.type)) continue;
      this.deps.webhooks.addDelivery({ webhook_id: w.id, event_id: event.id, event_type: event.type, body: JSON.stringify({ ...event.body, webhookId: w.id }), created_at: now, next_attempt_at: now });
    }
  }

  /** Sends what is due; resolves when this round's attempts are done. */
  async tick(): Promise<void> {
    const due = this.deps.webhooks.due(this.deps.now()).filter((d) => !this.inFlight.has(d.id));
    await Promise.all(due.map((d) => this.attempt(d)));
  }

  private async send(hook: WebhookRow, body: string, extra: Record<string, string>): Promise<{ statusCode: number | null; error: string | null; durationMs: number }> {
    const started = performance.now();
    try {
      const res = await this.deps.deliver(new Request(hook.url, { method: 'POST', headers: signedHeaders(hook.secret, body, extra), body, signal: AbortSignal.timeout(ANSWER_MS) }));
      await res.body?.cancel().catch(() => undefined);
      const ok = res.status >= 200 && res.status < 300;
      return { statusCode: res.status, error: ok ? null : `the receiver answered ${res.status}`, durationMs: Math.round(performance.now() - started) };
    } catch (err) {
      return { statusCode: null, error: (err as Error).message || 'the delivery failed', durationMs: Math.round(performance.now() - started) };
    }
  }

  private async attempt(d: DeliveryRow) {
    const hook = this.deps.webhooks.byId(d.webhook_id);
    if (!hook) return;
    this.inFlight.add(d.id);
    try {
      const r = await this.send(hook, d.body, { 'x-xquik-event': d.event_type, 'x-xquik-delivery': d.id });
      const now = this.deps.now();
      const attempt = { at: now, statusCode: r.statusCode, error: r.error, durationMs: r.durationMs };
      if (r.error === null) {
        this.deps.webhooks.recordAttempt(d.id, attempt, { status: 'delivered', next_attempt_at: null, delivered_at: now });
        this.deps.webhooks.update(hook.id, { consecutive_failures: 0 });
        return;
      }
      const tries = d.attempts + 1;
      const retryable = r.statusCode === null || r.statusCode === 429 || r.statusCode >= 500;
      if (retryable && tries < MAX_ATTEMPTS) {
        const wait = Math.round((RETRY_SECONDS[tries - 1]! * 1000) / this.deps.speed);
        this.deps.webhooks.recordAttempt(d.id, attempt, { status: 'pending', next_attempt_at: now + wait, delivered_at: null });
        return;
      }
      this.deps.webhooks.recordAttempt(d.id, attempt, { status: retryable ? 'exhausted' : 'failed', next_attempt_at: null, delivered_at: null });
      const failures = hook.consecutive_failures + 1;
      this.deps.webhooks.update(hook.id, { consecutive_failures: failures, delivery_status: retryable ? 'paused' : failures >= FAILURE_HARD_CAP ? 'needs_attention' : hook.delivery_status });
    } finally {
      this.inFlight.delete(d.id);
    }
  }

  /** The test button: one signed `webhook.test` delivery, logged like the others. */
  async ping(hook: WebhookRow): Promise<PingResult> {
    const now = this.deps.now();
    const body = JSON.stringify({ eventType: 'webhook.test', type: 'webhook.test', webhookId: hook.id, data: { message: 'Test delivery from the Xquik sandbox' }, timestamp: new Date(now).toISOString() });
    const d = this.deps.webhooks.addDelivery({ webhook_id: hook.id, event_id: `test-${now}`, event_type: 'webhook.test', body, created_at: now, next_attempt_at: null });
    const r = await this.send(hook, body, { 'x-xquik-event': 'webhook.test', 'x-xquik-delivery': d.id });
    const at = this.deps.now();
    this.deps.webhooks.recordAttempt(d.id, { at, ...r }, { status: r.error === null ? 'delivered' : 'failed', next_attempt_at: null, delivered_at: r.error === null ? at : null });
    return { statusCode: r.statusCode, success: r.error === null, ...(r.error ? { error: r.error } : {}) };
  }
}
