import type { Gen3dOperation } from '../../../contracts/gen3d/operations';
import type { SandboxClock } from '../../shared/clock';
import type { FileMaker } from './files';
import type { Gen3dStore, TaskRow } from '../store/store';

/** Tasks one account runs at once; more wait PENDING with `preceding_tasks`. */
export const RUN_SLOTS = 2;
/** Unfinished tasks one account may have (docs/live-services.md#3d-generation--limits: Pro plan, 10 queued tasks). */
export const QUEUE_LIMIT = 10;
/** Share of the run after which progress holds at 99 while the task "finalizes". */
const FINALIZE_AT = 0.75;
/** Where an injected failure strikes. */
const FAIL_AT = 0.4;
const hashFraction = (s: string) => {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return ((h >>> 0) % 1000) / 1000;
};

/**
 * Moves sandbox tasks through their states from the clock: PENDING → IN_PROGRESS (progress rising,
 * then holding at 99 while files are made in the worker thread) → SUCCEEDED, or FAILED (refunded)
 * when a fault was injected or the job failed. State lives in SQLite, so a restart picks up where it
 * stopped.
 */
export class Gen3dEngine {
  constructor(
    private readonly store: Gen3dStore,
    private readonly clock: SandboxClock,
    private readonly files: FileMaker,
    private readonly speed: number,
  ) {}

  /** A task's run time: its operation's, within ±10 % by a hash of its request, at the sandbox's speed. */
  duration(op: Pick<Gen3dOperation, 'duration'>, seed: string): number {
    return Math.round((op.duration * (0.9 + 0.2 * hashFraction(seed))) / this.speed);
  }

  advance(): void {
    const now = this.clock.now();
    const running = new Map<string, number>();
    const open = this.store.open();
    for (const row of open) {
      if (row.status !== 'IN_PROGRESS' || row.started_at === null) continue;
      const frac = (now - row.started_at) / row.duration;
      if (row.fail_message && frac >= FAIL_AT) {
        this.store.fail(row, Math.min(now, Math.round(row.started_at + row.duration * FAIL_AT)));
        continue;
      }
      if (frac >= 0.5) this.files.ensure(row);
      if (frac >= 1 && row.files) {
        this.store.update(row.id, { status: 'SUCCEEDED', finished_at: now });
        continue;
      }
      if (row.origin === 'api') running.set(row.account, (running.get(row.account) ?? 0) + 1);
    }
    for (const row of open) {
      if (row.status !== 'PENDING') continue;
      const n = running.get(row.account) ?? 0;
      if (n >= RUN_SLOTS) continue;
      this.store.update(row.id, { status: 'IN_PROGRESS', started_at: now });
      running.set(row.account, n + 1);
    }
  }

  progress(row: TaskRow, now: number): number {
    if (row.status === 'SUCCEEDED') return 100;
    if (row.status !== 'IN_PROGRESS' || row.started_at === null) return row.status === 'FAILED' ? Math.round((FAIL_AT * 99) / FINALIZE_AT) : 0;
    const frac = (now - row.started_at) / row.duration;
    return Math.max(0, Math.min(99, Math.floor((frac / FINALIZE_AT) * 99)));
  }

  /** Tasks ahead of a PENDING one in its account's queue. */
  precedingTasks(row: TaskRow): number {
    return this.store.open().filter((r) => r.account === row.account && r.status === 'PENDING' && r.seq < row.seq).length;
  }
}
