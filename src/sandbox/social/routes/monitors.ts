import { HOUR_MS, MONITOR_CREDITS_PER_HOUR } from '../../../contracts/social';
import { eventJson, monitorJson } from '../engine/hooks/monitors';
import { newSecret } from '../engine/hooks/signing';
import { FAILURE_HARD_CAP } from '../engine/hooks/deliveries';
import { decodeCursor, encodeCursor } from '../engine/search/cursor';
import { fail, failCode, invalid, type Ctx } from '../http';
import type { MonitorRow } from '../store/monitors';
import type { SocialServices } from '../store/services';
import type { WebhookRow } from '../store/webhooks';
import type { SocialHandlers } from './shared';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function webhookJson(w: WebhookRow) {
  return {
    id: w.id,
    url: w.url,
    eventTypes: JSON.parse(w.event_types) as string[],
    isActive: !!w.active,
    createdAt: iso(w.created_at),
    consecutiveFailures: w.consecutive_failures,
    deliveryStatus: w.delivery_status,
    failureHardCap: FAILURE_HARD_CAP,
  };
}

/** Account and keyword monitors, their events, and webhooks with their deliveries. */
export function monitorHandlers(s: SocialServices): SocialHandlers {
  // Where this sandbox cannot deliver (its sender's class: loopback, private addresses only when
  // allowed), a webhook is refused when it is given, with the reason, not accepted and then paused.
  const destinationRefusal = async (url: string) => {
    const why = (await s.deliver.check?.(url)) ?? null;
    return why === null ? null : `This sandbox cannot deliver to ${url}: ${why}.`;
  };
  const create = (c: Ctx, kind: MonitorRow['kind'], subject: string, key: string, userIndex: number | null, eventTypes: string[]) => {
    const account = c.get('account');
    const existing = s.monitors.existing(account, kind, key);
    if (existing) {
      const what = kind === 'account' ? `@${subject}` : `"${subject}"`;
      return failCode(c, 409, 'monitor_already_exists', `A monitor of ${what} already exists (${existing.id}): change its event types or resume it instead of creating another.`);
    }
    const now = s.now();
    if (!s.credits.charge(account, MONITOR_CREDITS_PER_HOUR, `monitor ${kind} first hour`)) {
      return failCode(c, 402, 'insufficient_credits', `A monitor costs ${MONITOR_CREDITS_PER_HOUR} credit per active hour and the account has none left: top up first.`);
    }
    if (kind === 'keyword') s.data().live.registerQuery(subject);
    const m = s.monitors.insert({ account, kind, subject, subject_key: key, user_index: userIndex, event_types: JSON.stringify(eventTypes), active: 1, created_at: now, next_billing_at: now + HOUR_MS, checked_slot: s.monitorEngine.startSlot() });
    return c.json(monitorJson(m), 201);
  };
  const patch = (c: Ctx, kind: MonitorRow['kind'], id: string, body: { isActive?: boolean | undefined; eventTypes?: string[] | undefined }) => {
    const m = s.monitors.get(c.get('account'), kind, id);
    if (!m) return fail(c, 404, `No ${kind} monitor with id ${id}.`);
    const now = s.now();
    const fields: Parameters<typeof s.monitors.update>[1] = {};
    if (body.eventTypes) fields.event_types = JSON.stringify(body.eventTypes);
    if (body.isActive === false && m.active) Object.assign(fields, { active: 0, paused_at: now, next_billing_at: null });
    if (body.isActive === true && !m.active) {
      if (!s.credits.charge(m.account, MONITOR_CREDITS_PER_HOUR, `monitor ${m.id} resumed`, m.id)) return failCode(c, 402, 'insufficient_credits', 'Resuming starts a new billed hour and the account has no credits left: top up first.');
      // Resumed monitors watch from now on: what happened while paused is not replayed as events.
      Object.assign(fields, { active: 1, paused_at: null, next_billing_at: now + HOUR_MS, checked_slot: s.monitorEngine.startSlot() });
    }
    s.monitors.update(m.id, fields);
    return c.json(monitorJson(s.monitors.get(m.account, kind, id)!));
  };
  const remove = (c: Ctx, kind: MonitorRow['kind'], id: string) => {
    const m = s.monitors.get(c.get('account'), kind, id);
    if (!m) return fail(c, 404, `No ${kind} monitor with id ${id}.`);
    s.monitors.update(m.id, { deleted: 1, active: 0 });
    return c.json({ success: true });
  };
  const get = (c: Ctx, kind: MonitorRow['kind'], id: string) => {
    const m = s.monitors.get(c.get('account'), kind, id);
    return m ? c.json(monitorJson(m)) : fail(c, 404, `No ${kind} monitor with id ${id}.`);
  };
  const list = (c: Ctx, kind: MonitorRow['kind']) => {
    s.monitorEngine.poll();
    const monitors = s.monitors.list(c.get('account'), kind).map(monitorJson);
    return c.json({ monitors, total: monitors.length });
  };
  const hook = (c: Ctx, id: string) => s.webhooks.get(c.get('account'), id) ?? fail(c, 404, `No webhook with id ${id}.`);

  return {
    'monitors.create': (c, { body }) => {
      const d = s.data();
      const ref = d.universe.findUser(body.username.replace(/^@/, ''));
      if (ref === undefined || ref < 0) return fail(c, 404, `No user @${body.username.replace(/^@/, '')}: the account does not exist or is not accessible.`);
      const u = d.corpus.users[ref]!;
      return create(c, 'account', u.username, `${u.username.toLowerCase()}:${u.id}`, ref, body.eventTypes);
    },
    'monitors.keywords.create': (c, { body }) => create(c, 'keyword', body.query, body.query.trim().toLowerCase(), null, body.eventTypes),
    'monitors.list': (c) => list(c, 'account'),
    'monitors.keywords.list': (c) => list(c, 'keyword'),
    'monitors.get': (c, { params }) => get(c, 'account', params.id),
    'monitors.keywords.get': (c, { params }) => get(c, 'keyword', params.id),
    'monitors.update': (c, { params, body }) => patch(c, 'account', params.id, body),
    'monitors.keywords.update': (c, { params, body }) => patch(c, 'keyword', params.id, body),
    'monitors.delete': (c, { params }) => remove(c, 'account', params.id),
    'monitors.keywords.delete': (c, { params }) => remove(c, 'keyword', params.id),

    'events.list': (c, { query }) => {
      s.monitorEngine.poll();
      const cursor = query.cursor ?? query.after;
      let before: number | null = null;
      if (cursor) {
        const decoded = decodeCursor('events', cursor);
        if (!decoded.ok) return invalid(c, decoded.message);
        before = Number(decoded.key[0]);
      }
      const limit = query.limit ?? 50;
      const rows = s.monitors.events(c.get('account'), { beforeSeq: before, limit: limit + 1, monitorId: query.monitorId ?? query.keywordMonitorId, type: query.eventType });
      const page = rows.slice(0, limit);
      const next = rows.length > limit ? encodeCursor('events', [page[page.length - 1]!.seq]) : null;
      return c.json({ events: page.map(eventJson), hasMore: next !== null, ...(next ? { nextCursor: next } : {}) });
    },
    'events.get': (c, { params }) => {
      const e = s.monitors.event(c.get('account'), params.id);
      return e ? c.json(eventJson(e)) : fail(c, 404, `No event with id ${params.id}.`);
    },

    'webhooks.create': async (c, { body }) => {
      const refusal = await destinationRefusal(body.url);
      if (refusal) return fail(c, 400, refusal);
      const w = s.webhooks.insert({ account: c.get('account'), url: body.url, secret: newSecret(), event_types: JSON.stringify(body.eventTypes), created_at: s.now() });
      // The secret is in this answer only.
      return c.json({ ...webhookJson(w), secret: w.secret }, 201);
    },
    'webhooks.list': (c) => c.json({ webhooks: s.webhooks.list(c.get('account')).map(webhookJson) }),
    'webhooks.update': async (c, { params, body }) => {
      const w = hook(c, params.id);
      if (w instanceof Response) return w;
      const refusal = body.url !== undefined ? await destinationRefusal(body.url) : null;
      if (refusal) return fail(c, 400, refusal);
      s.webhooks.update(w.id, {
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.eventTypes !== undefined ? { event_types: JSON.stringify(body.eventTypes) } : {}),
        ...(body.isActive !== undefined ? { active: body.isActive ? 1 : 0 } : {}),
      });
      return c.json(webhookJson(s.webhooks.get(w.account, w.id)!));
    },
    'webhooks.delete': (c, { params }) => {
      const w = hook(c, params.id);
      if (w instanceof Response) return w;
      s.webhooks.update(w.id, { deleted: 1, active: 0 });
      return c.json({ success: true });
    },
    'webhooks.test': async (c, { params }) => {
      const w = hook(c, params.id);
      if (w instanceof Response) return w;
      return c.json(await s.worker.ping(w));
    },
    'webhooks.deliveries': (c, { params }) => {
      const w = hook(c, params.id);
      if (w instanceof Response) return w;
      const deliveries = s.webhooks.deliveries(w.id).map((d) => ({
        id: d.id,
        attempts: d.attempts,
        status: d.status,
        createdAt: iso(d.created_at),
        streamEventId: d.event_id,
        eventType: d.event_type,
        ...(d.delivered_at !== null ? { deliveredAt: iso(d.delivered_at) } : {}),
        ...(d.last_status_code !== null ? { lastStatusCode: d.last_status_code } : {}),
        ...(d.last_error !== null ? { lastError: d.last_error } : {}),
        nextAttemptAt: iso(d.next_attempt_at),
        attemptLog: (JSON.parse(d.log) as Array<{ at: number }>).map((a) => ({ ...a, at: iso(a.at) })),
      }));
      return c.json({ deliveries });
    },
    'webhooks.resume': async (c, { params }) => {
      const w = hook(c, params.id);
      if (w instanceof Response) return w;
      const ping = await s.worker.ping(w);
      if (ping.success) {
        s.webhooks.update(w.id, { delivery_status: 'active', consecutive_failures: 0, active: 1 });
        s.webhooks.release(w.id, s.now());
      }
      return c.json({ ...ping, webhook: webhookJson(s.webhooks.get(w.account, w.id)!) });
    },
  };
}
