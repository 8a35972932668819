import { TaskRecord } from '../../contracts/gen3d';
import { gen3dTaskTypes, taskTypeOf } from '../../contracts/gen3d/outputs';
import type { Keyring } from '../connections/keyring';
import type { Upstreams } from '../connections/upstream';
import type { TaskStore } from '../store/tasks';
import type { ProcessLease } from '../store/process-lease';
import type { WatchManager } from '../watch/manager';
import { finderOf, type Finder, type Found } from './finders';
import { spendBody, type SpendLog, type SpendRow } from './spend-log';

type Raw = Record<string, unknown> & { id: string };

/** How far a listed task's `created_at` may be from the write's (clocks differ). */
const WINDOW_MS = 10 * 60_000;
/** At most this many pages of 50 are read per create path and round. */
const MAX_PAGES = 5;
/** How often writes another live process waits on are looked at again. */
const OTHERS_EVERY_MS = 10_000;

/**
 * Finds what became of credit-spending writes whose answer never arrived (the console was stopped
 * or killed, the network broke, a time limit tripped): 3D creates are looked up in the service's
 * task list (`GET <create path>?page_size=50&sort_by=-created_at`, live-service notes (docs/live-services.md#3d-generation--paging)) and matched by
 * type, time and the request's echoed fields. A match joins the ledger, marked "recovered", and is
 * watched like any task; a write with no trace at the service after a grace period is marked
 * "unconfirmed" (not charged). Social extractions, draws and monitors, agent payments and pool
 * tasks are found the same way in their own lists (finders.ts). Runs at start-up and whenever a
 * write goes unanswered, then again while any row it can check is still open.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  /** The last round found another process of the team reconciling (team mode). */
  private busy = false;
  private stopped = false;

  constructor(
    private readonly deps: {
      spends: SpendLog;
      tasks: TaskStore;
      upstreams: Upstreams;
      watch: WatchManager;
      /** Agent keys: an agent's own list is read with its key. */
      keyring: Keyring;
      now: () => number;
      /** After this long (wall time), a write the service does not list is taken as never made. */
      graceMs: number;
      /** This process's lease: writes it still waits on are not looked up, nor those of another live process. */
      lease: ProcessLease;
      /** The write time limit: a write older than this has its answer or never will, whoever sent it. */
      writeLimitMs: number;
      /** A write whose answer was lost was found made (`ref`): what the answer would have told others (a paid pool task). */
      recovered?: (row: SpendRow, ref: string) => Promise<void>;
      /** Team mode: a round runs on one process at a time (jobs/rounds.ts `exclusive`); false when another runs one. */
      exclusive?: (round: () => Promise<void>) => Promise<boolean>;
    },
  ) {}

  /** Runs a round after `delayMs` (rounds never overlap; a request during one runs another after it). */
  schedule(delayMs = 0) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    return this.running ?? Promise.resolve();
  }

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const failed = (err: unknown) => console.error('reconciling unanswered writes failed: %s', err instanceof Error ? err.message : String(err));
    this.running = (this.deps.exclusive ? this.deps.exclusive(() => this.round()) : this.round().then(() => true))
      .then((ran) => {
        this.busy = !ran;
      })
      .catch(failed)
      .then(() => this.next())
      .catch(failed)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** After a round: another one soon while rows it can check are open, or later while another process waits on its own. */
  private async next() {
    if (this.stopped) return;
    // Another process is at it: look again in a second (what it settles is then settled here too).
    if (this.busy) return this.schedule(1_000);
    const open = await this.checkable();
    if (this.again || open.length > 0) this.schedule(this.again ? 0 : this.nextDelay(open));
    // Writes another process still waits on: looked at again in case that process goes.
    else if (await this.othersInFlight()) this.schedule(OTHERS_EVERY_MS);
    this.again = false;
  }

  /**
   * How long after a write its absence from the service's list means it was never made. Wall time,
   * not sandbox time: a request the console gave up on may still be on its way or being handled.
   */
  private grace() {
    return this.deps.graceMs;
  }

  private nextDelay(open: SpendRow[]) {
    const now = this.deps.now();
    const waits = open.map((r) => Math.max(0, r.created_at + this.grace() - now));
    return Math.max(200, Math.min(2_000, ...waits));
  }

  /**
   * Whether anyone still waits for a write's answer: its owner holds its lease and the write time
   * limit has not passed. Such a write is never looked up: its answer may be on the way.
   */
  private async inFlight(r: SpendRow): Promise<boolean> {
    return r.owner !== null && this.deps.now() - r.created_at <= this.deps.writeLimitMs && !(await this.deps.lease.isGone(r.owner));
  }

  private async othersInFlight(): Promise<boolean> {
    for (const r of await this.deps.spends.sending()) if (r.owner !== this.deps.lease.id && (await this.inFlight(r))) return true;
    return false;
  }

  /**
   * Open rows nobody waits on any more whose service keeps a list that can show what they made (an
   * attention fee's message cannot be looked up).
   */
  private async checkable(): Promise<SpendRow[]> {
    const out: SpendRow[] = [];
    for (const r of await this.deps.spends.sending()) {
      if (await this.inFlight(r)) continue;
      if (r.service === 'gen3d') {
        out.push(r);
        continue;
      }
      const finder = finderOf(r);
      const actor = finder?.actor?.(spendBody(r));
      if (finder !== null && (!actor || this.keyOf(r, actor) !== null)) out.push(r);
    }
    return out;
  }

  private keyOf(row: SpendRow, agentId: string) {
    return this.deps.keyring.agentKey(agentId, row.mode, row.mode === 'sandbox' ? 'sandbox' : row.base_url);
  }

  private async round() {
    const groups = new Map<string, SpendRow[]>();
    for (const row of await this.checkable()) {
      const finder = finderOf(row);
      // 3D rows group by create path; others by the list that shows them (and whose key reads it).
      const where = finder ? listOf(finder, row) : row.path;
      const key = JSON.stringify([row.service, row.mode, row.base_url, where]);
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      if (this.stopped) return;
      const [first] = rows;
      if (!first) continue;
      const finder = finderOf(first);
      await (first.service === 'gen3d' ? this.reconcileGroup(rows) : finder && this.reconcileFound(rows, finder));
    }
  }

  /** Social and agent writes: the listed item the write made is its reference; nothing listed after the grace period: never made. */
  private async reconcileFound(rows: SpendRow[], finder: Finder) {
    const { spends, upstreams, now } = this.deps;
    const [first] = rows;
    if (!first) return;
    const body = spendBody(first);
    const path = finder.path(body);
    const actor = finder.actor?.(body) ?? null;
    // Whose key reads the list: the agent's own (checkable() left out rows whose agent the console no longer holds).
    const key = actor ? this.keyOf(first, actor) : undefined;
    if (!path || key === null) return;
    const upstream = upstreams.at(first.service, first.mode, first.base_url, key);
    const json = await this.readList(upstream, path);
    if (json === null) return;
    const claimed = new Set<string>();
    for (const row of rows) {
      const rowBody = spendBody(row);
      const items = finder.items(json, rowBody);
      const taken = new Set(claimed);
      for (const item of items) if (await spends.hasRef(row.service, item.id)) taken.add(item.id);
      const match = closest(items, row, (id) => taken.has(id));
      if (match) {
        claimed.add(match.id);
        await spends.recovered(row.id, match.id, now(), match.charged ?? null);
        await this.deps.recovered?.(row, match.id);
      } else if (now() - row.created_at > this.grace()) {
        await spends.unconfirmed(row.id, "Nothing made by this request is in the service's own list: it was not made, and nothing was spent.", now());
      }
    }
  }

  private readList(upstream: ReturnType<Upstreams['at']>, path: string): Promise<unknown> {
    return this.deps.upstreams.background.run(upstream.service, path, async () => {
      try {
        const res = await upstream.request(path, { kind: 'read' });
        if (res.ok) return (await res.json().catch(() => null)) as unknown;
        await res.body?.cancel().catch(() => undefined);
      } catch {
        // not read: tried again next round
      }
      return null;
    });
  }

  private async reconcileGroup(rows: SpendRow[]) {
    const { spends, tasks, upstreams, watch, now } = this.deps;
    const [first] = rows;
    if (!first) return;
    const upstream = upstreams.at('gen3d', first.mode, first.base_url);
    const oldest = Math.min(...rows.map((r) => r.created_at));
    const listed = await this.listSince(upstream, first.path, oldest - WINDOW_MS);
    if (!listed) return;
    // Listed tasks the ledger holds already, and those matched in this round.
    const claimed = new Set<string>();
    for (const r of listed) if (await tasks.get(r.id)) claimed.add(r.id);
    for (const row of rows) {
      const linked = await tasks.bySpend(row.id);
      if (linked) {
        await spends.sent(row.id, linked.id, now());
        continue;
      }
      const body = spendBody(row);
      const match = bestMatch(listed, row, body, (id) => claimed.has(id));
      if (match) {
        claimed.add(match.id);
        await spends.atomically(async () => {
          await tasks.insert({
            id: match.id,
            createPath: row.path,
            mode: row.mode,
            baseUrl: row.base_url,
            parentId: [body.preview_task_id, body.input_task_id, body.rig_task_id].find((v): v is string => typeof v === 'string') ?? null,
            request: body,
            record: match,
            at: row.created_at,
            spendId: row.id,
            recovered: true,
          });
          await spends.recovered(row.id, match.id, now());
        });
        // Watched like any task: an unfinished one until it ends, a finished one has its files copied.
        await watch.apply(match.id, match);
        watch.ensure(match.id);
        await watch.publish(match.id);
      } else if (now() - row.created_at > this.grace()) {
        await spends.unconfirmed(row.id, "No task made by this request is in the service's task list: it was not made, and nothing was charged.", now());
      }
    }
  }

  /** The service's tasks on a create path created after `since`, newest first; null when the list cannot be read. */
  private async listSince(upstream: ReturnType<Upstreams['at']>, createPath: string, since: number): Promise<Raw[] | null> {
    const out: Raw[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const path = `${createPath}?page_num=${page}&page_size=50&sort_by=-created_at`;
      const json = await this.readList(upstream, path);
      if (!Array.isArray(json)) return null;
      // Only records the console can read (the ledger keeps nothing else).
      const records = json.filter((r): r is Raw => TaskRecord.safeParse(r).success);
      out.push(...records);
      const last = records.at(-1);
      if (records.length < 50 || !last || Number(last.created_at) < since) break;
    }
    return out;
  }
}

const listOf = (finder: Finder, row: SpendRow) => {
  const body = spendBody(row);
  return [finder.path(body), finder.actor?.(body) ?? null];
};

/** The listed item closest in time to the write, within the window, not already another write's. */
function closest(items: Found[], row: SpendRow, taken: (id: string) => boolean): Found | null {
  let best: Found | null = null;
  let bestGap = Infinity;
  for (const item of items) {
    if (taken(item.id)) continue;
    const gap = item.createdAt === null ? WINDOW_MS : Math.abs(item.createdAt - row.created_at);
    if (gap <= WINDOW_MS && gap < bestGap) {
      best = item;
      bestGap = gap;
    }
  }
  return best;
}

/** Fields the live service may echo in another spelling: not compared. */
const DIALECT_FIELDS = new Set(['ai_model', 'mode']);

/** The listed task most likely made by this write: same type, close in time, echoed fields equal; the closest in time wins. */
function bestMatch(listed: Raw[], row: SpendRow, body: Record<string, unknown>, taken: (id: string) => boolean): Raw | null {
  const type = taskTypeOf(row.path, body);
  let best: Raw | null = null;
  let bestGap = Infinity;
  for (const r of listed) {
    if (taken(r.id)) continue;
    const recordType = typeof r.type === 'string' ? r.type : typeof r.mode === 'string' ? `text-to-3d-${r.mode}` : null;
    if (type && recordType && (gen3dTaskTypes as readonly string[]).includes(recordType) && recordType !== type) continue;
    const created = Number(r.created_at);
    const gap = Math.abs(created - row.created_at);
    if (!Number.isFinite(created) || gap > WINDOW_MS) continue;
    const echoed = Object.entries(body).every(([k, v]) => {
      if (DIALECT_FIELDS.has(k) || r[k] === undefined || r[k] === null) return true;
      if (v === null || typeof v !== 'object') return r[k] === v;
      return Array.isArray(v) ? JSON.stringify(v) === JSON.stringify(r[k]) : true;
    });
    if (echoed && gap < bestGap) {
      best = r;
      bestGap = gap;
    }
  }
  return best;
}
