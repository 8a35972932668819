import type { LiveEvent } from '../../contracts/bff';
import { TaskRecord, isTerminal } from '../../contracts/gen3d';
import type { Upstreams } from '../connections/upstream';
import type { TaskFiles } from '../store/task-files';
import type { TaskStore } from '../store/tasks';
import type { BalanceTracker } from './balance';
import type { EventHub, TaskEvents } from '../events/hub';
import { fileStates, toLedgerTask } from './task-view';
import { TaskWatcher } from './watcher';
import { localLeases, type WatchLeases } from './leases';

/** The first polling interval of the document's schedule (contracts/gen3d nextPollDelayMs), sandbox time scaled: team mode sweeps for unwatched tasks this often. */
const SWEEP_MS = 5_000;

/**
 * One upstream watcher per unfinished task, however many tabs are open; changes go to every tab
 * through the hub. `resume()` restarts watchers after a restart of the server. In team mode each
 * task's watcher runs on the one process holding its lease (leases.ts), and every process sweeps
 * for tasks nobody holds, so a dead process's tasks are taken over within one sweep.
 */
export class WatchManager {
  private readonly watchers = new Map<string, TaskWatcher>();
  /** Tasks whose lease is being asked for (a second ask would take PostgreSQL's re-entrant lock twice). */
  private readonly claiming = new Set<string>();
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private readonly leases: WatchLeases;

  constructor(
    private readonly deps: {
      tasks: TaskStore;
      files: TaskFiles;
      upstreams: Upstreams;
      hub: EventHub;
      /** Tells the archive a task finished and hears back when its files changed state. */
      events: TaskEvents;
      balance: BalanceTracker;
      now: () => number;
      /** What a finished task was charged (its spend ledger row is settled with it). */
      settle?: (id: string, credits: number) => Promise<void>;
      /** Who watches what (default: this process, everything). */
      leases?: WatchLeases;
    },
  ) {
    this.leases = deps.leases ?? localLeases();
    deps.events.subscribe((e) => {
      if (e.type === 'files') void this.filesChanged(e.taskId);
    });
    // Leases gone with their connection: another process may hold them already, so stop watching.
    this.leases.onLost(() => {
      for (const w of this.watchers.values()) w.stop();
    });
  }

  get size() {
    return this.watchers.size;
  }

  /** Whether the task is watched: here, or (team mode, an unfinished task) by the process holding its lease. */
  isWatching(id: string, status?: string) {
    return this.watchers.has(id) || (this.leases.shared && status !== undefined && !isTerminal(status));
  }

  /** Whether this process runs the task's watcher. */
  watchesHere(id: string) {
    return this.watchers.has(id);
  }

  /** The task's current state as the tabs get it; null when the ledger has no such task. */
  async taskEvent(id: string): Promise<LiveEvent | null> {
    const row = await this.deps.tasks.get(id);
    return row ? { type: 'task', task: toLedgerTask(row, this.isWatching(id, row.status), await this.deps.files.list(id)) } : null;
  }

  /** Publishes the task's current state to every tab. */
  async publish(id: string): Promise<void> {
    const event = await this.taskEvent(id);
    if (event) this.deps.hub.publish(event);
  }

  /** Stores a record read from the service; publishes it when something changed. */
  async apply(id: string, record: unknown): Promise<string> {
    const parsed = TaskRecord.safeParse(record);
    if (!parsed.success) {
      await this.deps.tasks.setWatch(id, 'The service sent a task record the console cannot read; watching continues.', null);
      return (await this.deps.tasks.get(id))?.status ?? 'UNKNOWN';
    }
    if (await this.deps.tasks.updateRecord(id, record, parsed.data.status, this.deps.now())) {
      const t = parsed.data;
      // The service charges at creation and refunds a task that fails or is cancelled.
      const charged = t.status === 'FAILED' || t.status === 'CANCELED' ? (t.consumed_credits ?? 0) : t.status === 'SUCCEEDED' ? t.consumed_credits : null;
      if (charged !== null) await this.deps.settle?.(id, charged);
      await this.publish(id);
    }
    return parsed.data.status;
  }

  /** Watches the task here, once its lease is held (at once on a single process). */
  ensure(id: string) {
    if (this.watchers.has(id) || this.claiming.has(id)) return;
    if (!this.leases.shared) return this.start(id);
    this.claiming.add(id);
    void this.leases
      .take(id)
      .then((held) => {
        if (held) this.start(id);
      })
      .catch(() => undefined)
      .finally(() => this.claiming.delete(id));
  }

  private start(id: string) {
    const { tasks, upstreams } = this.deps;
    const watcher = new TaskWatcher({
      row: () => tasks.get(id),
      upstream: (row) => upstreams.at(row.service, row.mode, row.base_url),
      speed: (row) => upstreams.speedFor(row.mode),
      apply: (record) => this.apply(id, record),
      setError: async (message, next) => {
        const before = (await tasks.get(id))?.watch_error ?? null;
        await tasks.setWatch(id, message, next);
        if (before !== message) await this.publish(id);
      },
      finished: (status) => this.finish(id, status),
      now: this.deps.now,
      background: (row, key, read) => upstreams.background.run(row.service, key, read),
    });
    this.watchers.set(id, watcher);
    void watcher.done.finally(async () => {
      if (this.watchers.get(id) === watcher) this.watchers.delete(id);
      await this.leases.release(id);
      await this.publish(id).catch(() => undefined);
    });
  }

  private async finish(id: string, status: string) {
    this.deps.events.publish({ type: 'finished', taskId: id, status });
    void this.deps.balance.refresh('gen3d');
  }

  /** A file that could not be copied into the archive is said on the task; the task goes to every tab. */
  private async filesChanged(id: string) {
    const failed = fileStates(id, await this.deps.files.list(id)).filter((f) => f.state === 'retrying' || f.state === 'lost');
    const first = failed[0];
    if (first) {
      const retrying = failed.some((f) => f.state === 'retrying');
      const message = `Copying ${failed.length === 1 ? 'a file' : `${failed.length} files`} into the console's archive failed (${first.key}: ${first.reason})${retrying ? '; the console tries again while the service keeps its copy' : ''}. The service's copies are used until they expire.`;
      if ((await this.deps.tasks.get(id))?.watch_error !== message) await this.deps.tasks.setWatch(id, message, null);
    }
    await this.publish(id);
  }

  /** Watches every unfinished task of the ledger (after a restart); in team mode, those no process holds, again every sweep. */
  async resume(speed = 1): Promise<void> {
    for (const row of await this.deps.tasks.unfinished()) this.ensure(row.id);
    if (this.leases.shared && !this.sweeper) {
      this.sweeper = setInterval(() => void this.resume().catch(() => undefined), Math.max(50, SWEEP_MS / speed));
      this.sweeper.unref();
    }
  }

  async stopAll() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    const all = [...this.watchers.values()];
    for (const w of all) w.stop();
    await Promise.all(all.map((w) => w.done));
  }
}
