import { createHash } from 'node:crypto';
import type { ConnectionMode, SpendTotals } from '../../contracts/bff';
import type { SpendDay, SpendLimit, SpendStatus, SpendWrite } from '../../contracts/spend';
import type { ApiError } from '../../contracts/errors';
import { priceWords, type Operation, type Price } from '../../contracts/routes';
import { serviceIds, services, type ServiceId } from '../../contracts/services';
import { sql, type Selectable } from 'kysely';
import { decodeCursor, encodeCursor } from '../../node-lib/keyset';
import { apiError } from '../http/errors';
import type { TriptychDb } from '../store/db';
import type { SpendsTable } from '../store/schema';

export type SpendRow = Selectable<SpendsTable>;

/** A spend row's body as sent (an object; long strings kept as their length and digest, `compactBody`). */
export const spendBody = (row: Pick<SpendRow, 'body'>): Record<string, unknown> => {
  const body: unknown = JSON.parse(row.body);
  return body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
};

/** The UTC day of a time (`2025-06-01`): days, limits and charts all count in UTC. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const DAY_MS = 24 * 3600 * 1000;

/*
 * What a row counts for (kept per day in spend_days by triggers, store/sqlite.ts): its charge once
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
 * Checking the limits and recording the write happen in one transaction, so two writes at once
 * cannot both slip under a limit.
 */
export class SpendLog {
  /** `owner`: the console process that records writes here (store/process-lease.ts); its writes in flight carry its id. */
  constructor(
    private readonly db: TriptychDb,
    private readonly owner: string | null = null,
  ) {}

  /** Runs `fn` in one transaction (an answer and its ledger rows are written together or not at all). */
  atomically<T>(fn: () => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async limit(service: ServiceId, unit: string = defaultUnit(service)): Promise<SpendLimit> {
    const row = await this.db.q
      .selectFrom('spend_limits')
      .select(['daily', 'per_write', 'updated_at'])
      .where('service', '=', service)
      .where('unit', '=', unit)
      .executeTakeFirst();
    return { service, unit, daily: row?.daily ?? null, perWrite: row?.per_write ?? null, updatedAt: row?.updated_at ?? null };
  }

  /** The units a service spends in: its usual ones, and any it has a limit or a write in. */
  async units(service: ServiceId): Promise<string[]> {
    const q = this.db.q;
    const seen = await q
      .selectFrom('spend_limits')
      .select('unit')
      .where('service', '=', service)
      .union(q.selectFrom('spend_days').select('unit').distinct().where('service', '=', service))
      .execute();
    return [...new Set([...spendUnits[service], ...seen.map((r) => r.unit)])];
  }

  /** Every service's limit in every unit it spends in. */
  async limits(): Promise<SpendLimit[]> {
    const out: SpendLimit[] = [];
    for (const service of serviceIds) for (const unit of await this.units(service)) out.push(await this.limit(service, unit));
    return out;
  }

  setLimit(service: ServiceId, unit: string, change: { daily?: number | null; perWrite?: number | null }, at: number): Promise<SpendLimit> {
    return this.db.transaction(async () => {
      const current = await this.limit(service, unit);
      const daily = change.daily === undefined ? current.daily : change.daily;
      const perWrite = change.perWrite === undefined ? current.perWrite : change.perWrite;
      await this.db.q
        .insertInto('spend_limits')
        .values({ service, unit, daily, per_write: perWrite, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['service', 'unit']).doUpdateSet((eb) => ({ daily: eb.ref('excluded.daily'), per_write: eb.ref('excluded.per_write'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
      return this.limit(service, unit);
    });
  }

  async spentOn(service: ServiceId, mode: ConnectionMode, unit: string, day: string): Promise<number> {
    const row = await this.db.q
      .selectFrom('spend_days')
      .select('amount')
      .where('service', '=', service)
      .where('mode', '=', mode)
      .where('unit', '=', unit)
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.amount ?? 0;
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
    refuse?: () => Promise<ApiError | null>;
    /** Who makes it (the signed-in operator's email); left out: nobody signed in, or a schedule. */
    actor?: string | null;
  }): Promise<{ ok: true; id: number } | { ok: false; error: ApiError }> {
    const service = w.op.service;
    const unit = w.unit;
    const label = services[service].label;
    const amount = w.price.max;
    const costs = `this write (${w.op.summary}) costs ${priceWords(w.price, unit)}${w.price.min !== w.price.max ? ', and the guard counts the upper end' : ''}`;
    // The transaction takes the write lock before the checks read (store/sqlite.ts), so another
    // process on the same database cannot pass the same checks in between.
    return this.db.transaction(async () => {
      const refused = await w.refuse?.();
      if (refused) return { ok: false as const, error: refused };
      const limit = await this.limit(service, unit);
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
        const spent = await this.spentOn(service, w.mode, unit, day);
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
      const row = await this.db.q
        .insertInto('spends')
        .values({
          service,
          mode: w.mode,
          base_url: w.baseUrl,
          operation: w.op.id,
          method: w.op.method,
          path: w.path,
          body: compactBody(w.body),
          unit,
          reserved: amount,
          status: 'sending',
          day,
          created_at: w.at,
          updated_at: w.at,
          owner: this.owner,
          actor: w.actor ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ok: true as const, id: row.id };
    });
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
  async sent(id: number, ref: string | null, at: number, charged: number | null = null): Promise<void> {
    await this.db.q
      .updateTable('spends')
      .set((eb) => ({
        status: 'sent',
        ref: ref ?? undefined,
        error: null,
        owner: null,
        actual: charged ?? eb.case().when('status', 'in', ['unconfirmed', 'refused']).then(null).else(eb.ref('actual')).end(),
        updated_at: at,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** The service answered that it did not do it (a 4xx): nothing was charged. */
  async refused(id: number, error: string, at: number): Promise<void> {
    await this.db.q.updateTable('spends').set({ status: 'refused', error, actual: 0, owner: null, updated_at: at }).where('id', '=', id).execute();
  }

  /**
   * The outcome is unknown (no answer, an unreadable one, or a 5xx a gateway may have sent after
   * the service did the work): it stays "sending", counted at its price, and its owner lets it go
   * to be looked up in the service's own list.
   */
  async unanswered(id: number, error: string, at: number): Promise<void> {
    await this.db.q.updateTable('spends').set({ error, owner: null, updated_at: at }).where('id', '=', id).where('status', '=', 'sending').execute();
  }

  /** Found in the service's list after its answer was lost; `charged` when the list says. Only a row still open: a late answer wins. */
  async recovered(id: number, ref: string, at: number, charged: number | null = null): Promise<void> {
    await this.db.q
      .updateTable('spends')
      .set({ status: 'recovered', ref, error: null, owner: null, actual: charged ?? undefined, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }

  /** No trace of it at the service: never made, nothing charged. Only a row still open: a late answer wins. */
  async unconfirmed(id: number, reason: string, at: number): Promise<void> {
    await this.db.q
      .updateTable('spends')
      .set({ status: 'unconfirmed', error: reason, actual: 0, owner: null, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }

  /** What the service charged for what a write made (a finished task's `consumed_credits`, a finished job's `creditsCharged`). */
  async settle(service: ServiceId, ref: string, actual: number, at: number): Promise<void> {
    await this.db.q
      .updateTable('spends')
      .set({ actual, updated_at: at })
      .where('service', '=', service)
      .where('ref', '=', ref)
      .where('status', 'in', ['sent', 'recovered'])
      .execute();
  }

  get(id: number): Promise<SpendRow | undefined> {
    return this.db.q.selectFrom('spends').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether a write already names this as what it made (a listed item is matched to one write only). */
  async hasRef(service: ServiceId, ref: string): Promise<boolean> {
    const row = await this.db.q
      .selectFrom('spends')
      .select('id')
      .where('service', '=', service)
      .where('ref', '=', ref)
      .where('status', 'in', ['sent', 'recovered'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Writes still without an answer, oldest first (read from the partial index spends_sending, so sorted here). */
  async sending(service?: ServiceId): Promise<SpendRow[]> {
    let q = this.db.q.selectFrom('spends').selectAll().where('status', '=', sql.lit('sending'));
    if (service) q = q.where('service', '=', service);
    return (await q.execute()).sort((a, b) => a.id - b.id);
  }

  /** Spend per UTC day for the last `days` days up to today, oldest first (from the per-day sums). */
  async daily(service: ServiceId, mode: ConnectionMode, unit: string, days: number, now: number): Promise<SpendDay[]> {
    const first = utcDay(now - (days - 1) * DAY_MS);
    const rows = await this.db.q
      .selectFrom('spend_days')
      .select(['day', 'amount', 'writes'])
      .where('service', '=', service)
      .where('mode', '=', mode)
      .where('unit', '=', unit)
      .where('day', '>=', first)
      .execute();
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: days }, (_, i) => {
      const day = utcDay(now - (days - 1 - i) * DAY_MS);
      const r = byDay.get(day);
      return { day, amount: round(r?.amount ?? 0), writes: r?.writes ?? 0 };
    });
  }

  async totals(service: ServiceId, mode: ConnectionMode, unit: string, now: number): Promise<SpendTotals> {
    const today = utcDay(now);
    const r = await this.db.q
      .selectFrom('spend_days')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'),
        eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('day', '=', today).then(eb.ref('amount')).else(eb.lit(0)).end()), eb.lit(0)).as('today'),
        eb.fn.coalesce(eb.fn.sum<number>('unsettled'), eb.lit(0)).as('unsettled'),
        eb.fn.coalesce(eb.fn.sum<number>('writes'), eb.lit(0)).as('writes'),
        eb.fn.coalesce(eb.fn.sum<number>('recovered'), eb.lit(0)).as('recovered'),
      ])
      .where('service', '=', service)
      .where('mode', '=', mode)
      .where('unit', '=', unit)
      .executeTakeFirstOrThrow();
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
  async list(q: { service?: ServiceId; status?: SpendStatus; cursor?: string; limit?: number }): Promise<{ writes: SpendWrite[]; nextCursor: string | null } | null> {
    const limit = q.limit ?? 50;
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !after) return null;
    let query = this.db.q.selectFrom('spends').selectAll();
    if (q.service) query = query.where('service', '=', q.service);
    if (q.status) query = query.where('status', '=', q.status);
    if (after) {
      const [at, id] = after;
      query = query.where('created_at', '<=', at).where((eb) => eb.or([eb('created_at', '<', at), eb('id', '<', id)]));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
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
  actor: r.actor,
});
