import { createHash } from 'node:crypto';
import type { ConnectionMode, SpendTotals } from '../../contracts/bff';
import type { SpendDay, SpendLimit, SpendStatus, SpendWrite } from '../../contracts/spend';
import type { ApiError } from '../../contracts/errors';
import { priceWords, type Operation, type Price } from '../../contracts/routes';
import { serviceIds, services, type ServiceId } from '../../contracts/services';
import { decodeCursor, encodeCursor, whereClauses } from '../../node-lib/keyset';
import { apiError } from '../http/errors';
import type { Db } from '../store/db';

export type SpendRow = {
  id: number;
  service: ServiceId;
  mode: ConnectionMode;
  base_url: string;
  operation: string;
  method: string;
  path: string;
  body: string;
  unit: string;
  reserved: number;
  actual: number | null;
  status: SpendStatus;
  ref: string | null;
  error: string | null;
  day: string;
  created_at: number;
  updated_at: number;
  /** The console process waiting for its answer (store/process-lease.ts); null once answered or given up on. */
  owner: string | null;
};

/** The UTC day of a time (`2025-06-01`): days, limits and charts all count in UTC. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const DAY_MS = 24 * 3600 * 1000;

/*
 * What a row counts for (kept per day in spend_days by triggers, store/db.ts): its charge once
 * known, else its price; nothing for a write the service refused or never made.
 */

/** Long strings (data URIs) are kept as their length and digest: the ledger needs to recognise a body, not hold it. */
const TRIMMED = '$trimmed';
export const compactBody = (body: unknown) =>
  JSON.stringify(body ?? {}, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 2000 ? { [TRIMMED]: { length: v.length, sha256: createHash('sha256').update(v).digest('hex') } } : v,
  );

/**
 * The spend ledger: every credit-spending write of every service, recorded before it leaves, and
 * the spend guard that refuses a write which would pass the service's per-write or daily limit.
 * Checking the limits and recording the write happen in one SQLite transaction, so two writes
 * at once cannot both slip under a limit.
 */
export class SpendLedger {
  /** `owner`: the console process that records writes here (store/process-lease.ts); its writes in flight carry its id. */
  constructor(
    private readonly db: Db,
    private readonly owner: string | null = null,
  ) {}

  /** Runs `fn` in one transaction (an answer and its ledger rows are written together or not at all). */
  atomically<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  limit(service: ServiceId, unit: string = defaultUnit(service)): SpendLimit {
    const row = this.db.prepare(`SELECT daily, per_write, updated_at FROM spend_limits WHERE service = ? AND unit = ?`).get(service, unit) as
      { daily: number | null; per_write: number | null; updated_at: number } | undefined;
    return { service, unit, daily: row?.daily ?? null, perWrite: row?.per_write ?? null, updatedAt: row?.updated_at ?? null };
  }

  /** The units a service spends in: its usual ones, and any it has a limit or a write in. */
  units(service: ServiceId): string[] {
    const seen = this.db
      .prepare(`SELECT unit FROM spend_limits WHERE service = ? UNION SELECT DISTINCT unit FROM spend_days WHERE service = ?`)
      .pluck()
      .all(service, service) as string[];
    return [...new Set([...spendUnits[service], ...seen])];
  }

  /** Every service's limit in every unit it spends in. */
  limits(): SpendLimit[] {
    return serviceIds.flatMap((service) => this.units(service).map((unit) => this.limit(service, unit)));
  }

  setLimit(service: ServiceId, unit: string, change: { daily?: number | null; perWrite?: number | null }, at: number): SpendLimit {
    const current = this.limit(service, unit);
    const daily = change.daily === undefined ? current.daily : change.daily;
    const perWrite = change.perWrite === undefined ? current.perWrite : change.perWrite;
    this.db
      .prepare(
        `INSERT INTO spend_limits (service, unit, daily, per_write, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(service, unit) DO UPDATE SET daily = excluded.daily, per_write = excluded.per_write, updated_at = excluded.updated_at`,
      )
      .run(service, unit, daily, perWrite, at);
    return this.limit(service, unit);
  }

  spentOn(service: ServiceId, mode: ConnectionMode, unit: string, day: string): number {
    return (
      (this.db.prepare(`SELECT amount FROM spend_days WHERE service = ? AND mode = ? AND unit = ? AND day = ?`).pluck().get(service, mode, unit, day) as
        | number
        | undefined) ?? 0
    );
  }

  /**
   * The guard and the record: refuses a write that would pass a limit (nothing is sent), else
   * writes its "sending" row. Returns the row id.
   */
  reserve(w: {
    op: Operation;
    mode: ConnectionMode;
    baseUrl: string;
    path: string;
    body: unknown;
    price: Price;
    /** The unit of this write (`credits`; a payment's currency). */
    unit: string;
    at: number;
    /** A reason of the service's own to refuse it (proxy/adapter.ts `refuseSpend`), asked inside the same transaction. */
    refuse?: () => ApiError | null;
  }): { ok: true; id: number } | { ok: false; error: ApiError } {
    const service = w.op.service;
    const unit = w.unit;
    const label = services[service].label;
    const amount = w.price.max;
    const costs = `this write (${w.op.summary}) costs ${priceWords(w.price, unit)}${w.price.min !== w.price.max ? ', and the guard counts the upper end' : ''}`;
    // IMMEDIATE: the write lock is taken before the checks read, so another process on the same
    // database cannot pass the same checks in between.
    return this.db.transaction(() => {
      const refused = w.refuse?.();
      if (refused) return { ok: false as const, error: refused };
      const limit = this.limit(service, unit);
      if (limit.perWrite !== null && amount > limit.perWrite) {
        return {
          ok: false as const,
          error: apiError(
            409,
            'spend_limit',
            `Nothing was sent: ${costs}, more than the ${label} service's per-write limit of ${limit.perWrite} ${unit}. Raise the limit in the spend settings, or choose a cheaper option.`,
          ),
        };
      }
      const day = utcDay(w.at);
      if (limit.daily !== null) {
        const spent = this.spentOn(service, w.mode, unit, day);
        if (spent + amount > limit.daily) {
          return {
            ok: false as const,
            error: apiError(
              409,
              'spend_limit',
              `Nothing was sent: ${costs}, and ${round(spent)} of the ${label} service's daily limit of ${limit.daily} ${unit} are already spent today (${day}, UTC): it would pass the limit by ${round(spent + amount - limit.daily)} ${unit}. Raise the limit in the spend settings, or wait until tomorrow.`,
            ),
          };
        }
      }
      const res = this.db
        .prepare(
          `INSERT INTO spends (service, mode, base_url, operation, method, path, body, unit, reserved, status, day, created_at, updated_at, owner)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?, ?, ?)`,
        )
        .run(service, w.mode, w.baseUrl, w.op.id, w.op.method, w.path, compactBody(w.body), unit, amount, day, w.at, w.at, this.owner);
      return { ok: true as const, id: Number(res.lastInsertRowid) };
    }).immediate();
  }

  /*
   * Every step below releases the row from its owner (owner = NULL): nobody waits for its answer
   * any more. A row left `sending` without an owner is the reconciler's to look up.
   */

  /**
   * The service accepted the write; `ref` names what it made and `charged` what it charged, when
   * the answer says. A late answer settles a row that was looked up meanwhile with what the
   * service reports: a charge it names, else its price again (counted until settled), never the 0
   * of a write taken for not made.
   */
  sent(id: number, ref: string | null, at: number, charged: number | null = null) {
    this.db
      .prepare(
        `UPDATE spends SET status = 'sent', ref = COALESCE(?, ref), error = NULL, owner = NULL,
           actual = CASE WHEN ? IS NOT NULL THEN ? WHEN status IN ('unconfirmed', 'refused') THEN NULL ELSE actual END, updated_at = ?
         WHERE id = ?`,
      )
      .run(ref, charged, charged, at, id);
  }

  /** The service answered that it did not do it (a 4xx): nothing was charged. */
  refused(id: number, error: string, at: number) {
    this.db.prepare(`UPDATE spends SET status = 'refused', error = ?, actual = 0, owner = NULL, updated_at = ? WHERE id = ?`).run(error, at, id);
  }

  /**
   * The outcome is unknown (no answer, an unreadable one, or a 5xx a gateway may have sent after
   * the service did the work): it stays "sending", counted at its price, and its owner lets it go
   * to be looked up in the service's own list.
   */
  unanswered(id: number, error: string, at: number) {
    this.db.prepare(`UPDATE spends SET error = ?, owner = NULL, updated_at = ? WHERE id = ? AND status = 'sending'`).run(error, at, id);
  }

  /** Found in the service's list after its answer was lost; `charged` when the list says. Only a row still open: a late answer wins. */
  recovered(id: number, ref: string, at: number, charged: number | null = null) {
    this.db
      .prepare(`UPDATE spends SET status = 'recovered', ref = ?, error = NULL, owner = NULL, actual = COALESCE(?, actual), updated_at = ? WHERE id = ? AND status = 'sending'`)
      .run(ref, charged, at, id);
  }

  /** No trace of it at the service: never made, nothing charged. Only a row still open: a late answer wins. */
  unconfirmed(id: number, reason: string, at: number) {
    this.db.prepare(`UPDATE spends SET status = 'unconfirmed', error = ?, actual = 0, owner = NULL, updated_at = ? WHERE id = ? AND status = 'sending'`).run(reason, at, id);
  }

  /** What the service charged for what a write made (a finished task's `consumed_credits`, a finished job's `creditsCharged`). */
  settle(service: ServiceId, ref: string, actual: number, at: number) {
    this.db
      .prepare(`UPDATE spends SET actual = ?, updated_at = ? WHERE service = ? AND ref = ? AND status IN ('sent', 'recovered')`)
      .run(actual, at, service, ref);
  }

  get(id: number): SpendRow | undefined {
    return this.db.prepare(`SELECT * FROM spends WHERE id = ?`).get(id) as SpendRow | undefined;
  }

  /** Whether a write already names this as what it made (a listed item is matched to one write only). */
  hasRef(service: ServiceId, ref: string): boolean {
    return this.db.prepare(`SELECT 1 FROM spends WHERE service = ? AND ref = ? AND status IN ('sent', 'recovered') LIMIT 1`).get(service, ref) !== undefined;
  }

  /** Writes still without an answer (the partial index keeps this small). */
  sending(service?: ServiceId): SpendRow[] {
    return (
      service
        ? this.db.prepare(`SELECT * FROM spends WHERE status = 'sending' AND service = ? ORDER BY id`).all(service)
        : this.db.prepare(`SELECT * FROM spends WHERE status = 'sending' ORDER BY id`).all()
    ) as SpendRow[];
  }

  /** Spend per UTC day for the last `days` days up to today, oldest first (from the per-day sums). */
  daily(service: ServiceId, mode: ConnectionMode, unit: string, days: number, now: number): SpendDay[] {
    const first = utcDay(now - (days - 1) * DAY_MS);
    const rows = this.db
      .prepare(`SELECT day, amount, writes FROM spend_days WHERE service = ? AND mode = ? AND unit = ? AND day >= ?`)
      .all(service, mode, unit, first) as SpendDay[];
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: days }, (_, i) => {
      const day = utcDay(now - (days - 1 - i) * DAY_MS);
      const r = byDay.get(day);
      return { day, amount: round(r?.amount ?? 0), writes: r?.writes ?? 0 };
    });
  }

  totals(service: ServiceId, mode: ConnectionMode, unit: string, now: number): SpendTotals {
    const r = this.db
      .prepare(
        `SELECT COALESCE(SUM(amount), 0) AS total, COALESCE(SUM(CASE WHEN day = ? THEN amount ELSE 0 END), 0) AS today,
                COALESCE(SUM(unsettled), 0) AS unsettled, COALESCE(SUM(writes), 0) AS writes, COALESCE(SUM(recovered), 0) AS recovered
         FROM spend_days WHERE service = ? AND mode = ? AND unit = ?`,
      )
      .get(utcDay(now), service, mode, unit) as { total: number; today: number; unsettled: number; writes: number; recovered: number };
    return {
      service,
      mode,
      unit,
      total: round(r.total),
      today: round(r.today),
      unsettled: round(r.unsettled),
      writes: r.writes,
      recovered: r.recovered,
    };
  }

  /** The ledger's rows, newest first, a page at a time. */
  list(q: { service?: ServiceId; status?: SpendStatus; cursor?: string; limit?: number }): { writes: SpendWrite[]; nextCursor: string | null } | null {
    const limit = q.limit ?? 50;
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !after) return null;
    const { add, args, sql } = whereClauses();
    if (q.service) add('service = ?', q.service);
    if (q.status) add('status = ?', q.status);
    if (after) add('created_at <= ? AND (created_at < ? OR id < ?)', after[0], after[0], after[1]);
    const rows = this.db
      .prepare(`SELECT * FROM spends ${sql()} ORDER BY created_at DESC, id DESC LIMIT ?`)
      .all(...args, limit + 1) as SpendRow[];
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { writes: page.map(toWrite), nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
  }
}

const round = (n: number) => Math.round(n * 100) / 100;
/** The units each service spends in before any write says otherwise: agent payments name their currency (USD by default). */
export const spendUnits: Readonly<Record<ServiceId, readonly string[]>> = { gen3d: ['credits'], social: ['credits'], agentnet: ['credits', 'USD'] };
export const defaultUnit = (service: ServiceId) => spendUnits[service][0] as string;

const toWrite = (r: SpendRow): SpendWrite => ({
  id: r.id,
  service: r.service,
  mode: r.mode,
  operation: r.operation,
  method: r.method,
  path: r.path,
  unit: r.unit,
  reserved: r.reserved,
  actual: r.actual,
  status: r.status,
  ref: r.ref,
  error: r.error,
  day: r.day,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
