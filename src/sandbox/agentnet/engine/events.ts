import { createHmac, randomBytes } from 'node:crypto';
import type { HookEventName } from '../../../contracts/agentnet';
import type { Db } from '../../shared/db';
import type { SandboxClock } from '../../shared/clock';
import { deliveryFailure, type Outbound } from './outbound';
import { Table } from '../store/table';
import type { SubnetStore } from '../store/subnets';

/**
 * Subnet events: signed HTTP POSTs to a subnet's harness URL with the live envelope
 * `{event, timestamp, task_id, data}` and headers (docs/live-services.md#agent-network--subnet-events): `X-ACN-Signature` and the
 * document's `X-AGENTNET-Signature` (`sha256=<hex HMAC-SHA256(secret, raw body)>`, when a secret
 * is set), `X-ACN-Event`, `X-ACN-Timestamp`, `X-ACN-Webhook-ID` (`wh_{task_id}_{event}_{ts}`).
 * Three attempts, waiting 5 s then 10 s (divided by SANDBOX_SPEED). Best effort: a delivery that
 * fails three times is given up. Pending deliveries are stored and resume after a restart.
 */

type OutboxRow = {
  seq: number;
  delivery_id: string;
  subnet_id: string | null;
  event: string;
  url: string;
  headers: string;
  body: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  next_at: number;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
};

export const RETRY_DELAYS_MS = [5_000, 10_000];
export const MAX_ATTEMPTS = 3;

export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export class SubnetEvents {
  private readonly rows: Table<OutboxRow>;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    db: Db,
    private readonly subnets: SubnetStore,
    private readonly out: Outbound,
    private readonly clock: SandboxClock,
    private readonly speed: number,
  ) {
    this.rows = new Table(db, 'agentnet_outbox', 'delivery_id');
  }

  /** Schedules every delivery still pending (after a restart). */
  resume() {
    for (const row of this.rows.where(`status = 'pending' ORDER BY seq`)) this.schedule(row.delivery_id, row.next_at);
  }

  /** Emits an event to the harness of a subnet, if it has one. `taskId`: the org id for org.* events. */
  emit(subnetId: string | null, event: HookEventName, taskId: string | null, data: Record<string, unknown>) {
    if (!subnetId || this.closed) return;
    const subnet = this.subnets.get(subnetId);
    if (!subnet?.harness_url) return;
    const now = this.clock.now();
    const ts = Math.floor(now / 1000);
    const body = JSON.stringify({ event, timestamp: new Date(now).toISOString(), task_id: taskId, data: { subnet_id: subnetId, ...data } });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'ACN-Webhook/1.0 (sandbox)',
      'x-acn-event': event,
      'x-acn-timestamp': String(ts),
      'x-acn-webhook-id': `wh_${taskId ?? subnetId}_${event}_${ts}`,
    };
    if (subnet.harness_secret) headers['x-acn-signature'] = headers['x-agentnet-signature'] = signBody(subnet.harness_secret, body);
    const id = `dl_${randomBytes(8).toString('hex')}`;
    const wall = Date.now();
    this.rows.insert({ delivery_id: id, subnet_id: subnetId, event, url: subnet.harness_url, headers: JSON.stringify(headers), body, attempts: 0, status: 'pending', next_at: wall, created_at: wall, updated_at: wall });
    this.schedule(id, wall);
  }

  /** Deliveries to a subnet's harness, newest first (for tests and the console's diagnostics). */
  deliveries(subnetId: string) {
    return this.rows.where('subnet_id = ? ORDER BY seq DESC LIMIT 100', subnetId).map((r) => ({
      delivery_id: r.delivery_id,
      event: r.event,
      url: r.url,
      attempts: r.attempts,
      status: r.status,
      last_status: r.last_status,
      last_error: r.last_error,
    }));
  }

  private schedule(id: string, at: number) {
    if (this.closed) return;
    clearTimeout(this.timers.get(id));
    const timer = setTimeout(() => {
      this.timers.delete(id);
      const p = this.attempt(id).finally(() => this.inflight.delete(p));
      this.inflight.add(p);
    }, Math.max(0, at - Date.now()));
    timer.unref();
    this.timers.set(id, timer);
  }

  private async attempt(id: string) {
    const row = this.rows.get(id);
    if (!row || row.status !== 'pending' || this.closed) return;
    const attempts = row.attempts + 1;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await this.out.send(new Request(row.url, { method: 'POST', headers: JSON.parse(row.headers) as Record<string, string>, body: row.body }));
      status = res.status;
      await res.body?.cancel();
      if (!res.ok) error = `HTTP ${res.status}`;
    } catch (err) {
      error = deliveryFailure(err).message;
    }
    if (this.closed && error) return;
    const wall = Date.now();
    if (!error) return this.rows.update(id, { attempts, status: 'delivered', last_status: status, last_error: null, updated_at: wall });
    if (attempts >= MAX_ATTEMPTS) return this.rows.update(id, { attempts, status: 'failed', last_status: status, last_error: error, updated_at: wall });
    const next = wall + (RETRY_DELAYS_MS[attempts - 1] ?? 10_000) / this.speed;
    this.rows.update(id, { attempts, last_status: status, last_error: error, next_at: next, updated_at: wall });
    this.schedule(id, next);
  }

  async close() {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.inflight]);
  }
}
