import { TaskRecord } from '../../contracts/gen3d';
import type { ServiceId } from '../../contracts/services';
import type { Upstreams } from '../connections/upstream';
import type { Ledger } from '../store/ledger';
import type { BalanceTracker } from './balance';
import type { EventHub, TaskEvents } from '../events/hub';
import { TaskWatcher } from './watcher';

/**
 * One upstream watcher per unfinished task, however many tabs are open; changes go to every tab
 * through the hub. `resume()` restarts watchers after a restart of the server.
 */
export class WatchManager {
  private readonly watchers = new Map<string, TaskWatcher>();

  constructor(
    private readonly deps: {
      ledger: Ledger;
      upstreams: Upstreams;
      hub: EventHub;
      /** Tells the archive a task finished and hears back when its files changed state. */
      events: TaskEvents;
      balance: BalanceTracker;
      now: () => number;
      /** What a finished task was charged (its spend ledger row is settled with it). */
      settle?: (id: string, credits: number) => void;
    },
  ) {
    deps.events.subscribe((e) => {
      if (e.type === 'files') this.filesChanged(e.taskId);
    });
  }

  get size() {
    return this.watchers.size;
  }

  isWatching(id: string) {
    return this.watchers.has(id);
  }

  /** Publishes the task's current state to every tab. */
  publish(id: string) {
    const row = this.deps.ledger.get(id);
    if (row) this.deps.hub.publish({ type: 'task', task: this.deps.ledger.toLedgerTask(row, this.isWatching(id), { files: true }) });
  }

  /** Stores a record read from the service; publishes it when something changed. */
  apply(id: string, record: unknown): string {
    const parsed = TaskRecord.safeParse(record);
    if (!parsed.success) {
      this.deps.ledger.setWatch(id, 'The service sent a task record the console cannot read; watching continues.', null);
      return this.deps.ledger.get(id)?.status ?? 'UNKNOWN';
    }
    if (this.deps.ledger.updateRecord(id, record, parsed.data.status, this.deps.now())) {
      const t = parsed.data;
      // The service charges at creation and refunds a task that fails or is cancelled.
      const charged = t.status === 'FAILED' || t.status === 'CANCELED' ? (t.consumed_credits ?? 0) : t.status === 'SUCCEEDED' ? t.consumed_credits : null;
      if (charged !== null) this.deps.settle?.(id, charged);
      this.publish(id);
    }
    return parsed.data.status;
  }

  ensure(id: string) {
    if (this.watchers.has(id)) return;
    const { ledger, upstreams } = this.deps;
    const watcher = new TaskWatcher({
      row: () => ledger.get(id),
      upstream: (row) => upstreams.at(row.service as ServiceId, row.mode, row.base_url),
      speed: (row) => upstreams.speedFor(row.mode),
      apply: (record) => this.apply(id, record),
      setError: (message, next) => {
        const before = ledger.get(id)?.watch_error ?? null;
        ledger.setWatch(id, message, next);
        if (before !== message) this.publish(id);
      },
      finished: (status) => this.finish(id, status),
      now: this.deps.now,
      background: (row, key, read) => upstreams.background.run(row.service, key, read),
    });
    this.watchers.set(id, watcher);
    void watcher.done.finally(() => {
      if (this.watchers.get(id) === watcher) this.watchers.delete(id);
      this.publish(id);
    });
  }

  private finish(id: string, status: string) {
    this.deps.events.publish({ type: 'finished', taskId: id, status });
    void this.deps.balance.refresh('gen3d');
  }

  /** A file that could not be copied into the archive is said on the task; the task goes to every tab. */
  private filesChanged(id: string) {
    const failed = this.deps.ledger.files(id).filter((f) => f.state === 'retrying' || f.state === 'lost');
    const first = failed[0];
    if (first) {
      const retrying = failed.some((f) => f.state === 'retrying');
      const message = `Copying ${failed.length === 1 ? 'a file' : `${failed.length} files`} into the console's archive failed (${first.key}: ${first.reason})${retrying ? '; the console tries again while the service keeps its copy' : ''}. The service's copies are used until they expire.`;
      if (this.deps.ledger.get(id)?.watch_error !== message) this.deps.ledger.setWatch(id, message, null);
    }
    this.publish(id);
  }

  resume() {
    for (const row of this.deps.ledger.unfinished()) this.ensure(row.id);
  }

  async stopAll() {
    const all = [...this.watchers.values()];
    for (const w of all) w.stop();
    await Promise.all(all.map((w) => w.done));
  }
}
