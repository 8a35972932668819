import { EventSourceParserStream } from 'eventsource-parser/stream';
import { TaskRecord, isTerminal, nextPollDelayMs } from '../../contracts/gen3d';
import type { Upstream } from '../connections/upstream';
import { upstreamError, unreachable } from '../connections/describe';
import { sendWithRetry, sleep } from '../connections/send';
import type { TaskRow } from '../store/tasks';

export type WatchDeps = {
  row: () => Promise<TaskRow | undefined>;
  upstream: (row: TaskRow) => Upstream;
  speed: (row: TaskRow) => number;
  /** Stores a record; returns its status. */
  apply: (record: unknown) => Promise<string>;
  setError: (message: string | null, nextCheckAt: number | null) => Promise<void>;
  finished: (status: string) => Promise<void>;
  now: () => number;
  /** Runs a poll as a background read of the task's service: coalesced and spaced (connections/background). */
  background: <T>(row: TaskRow, key: string, read: () => Promise<T>) => Promise<T>;
};

type StreamOutcome = 'terminal' | 'unsupported' | 'ended';

/** A stream that says nothing for this long is dropped (live keep-alives come every ~10 s). */
const STREAM_IDLE_MS = 45_000;

/**
 * Watches one unfinished task: follows the service's SSE stream where it has one, otherwise polls
 * with the document's schedule (scaled by SANDBOX_SPEED on the sandbox).
 */
export class TaskWatcher {
  private readonly abort = new AbortController();
  private useStream = true;
  private pollDelay: number | null = null;
  readonly done: Promise<void>;

  constructor(private readonly deps: WatchDeps) {
    this.done = this.run().catch((err: unknown) => {
      if (!this.abort.signal.aborted) console.error('watcher stopped', err);
    });
  }

  stop() {
    this.abort.abort();
  }

  private get stopped() {
    return this.abort.signal.aborted;
  }

  private async run() {
    let streamFailures = 0;
    while (!this.stopped) {
      const row = await this.deps.row();
      if (!row) return;
      if (isTerminal(row.status)) return this.deps.finished(row.status);
      const upstream = this.deps.upstream(row);
      const speed = this.deps.speed(row);
      if (this.useStream) {
        const outcome = await this.follow(upstream, row).catch(() => 'ended' as const);
        if (this.stopped || (outcome === 'terminal' && isTerminal((await this.deps.row())?.status ?? ''))) continue;
        if (outcome === 'unsupported' || ++streamFailures >= 3) this.useStream = false;
        await sleep(1000 / speed, this.abort.signal);
        continue;
      }
      const status = await this.poll(upstream, row, speed);
      if (status && isTerminal(status)) continue;
      const progress = TaskRecord.safeParse(JSON.parse((await this.deps.row())?.record ?? '{}')).data?.progress ?? 0;
      this.pollDelay = nextPollDelayMs(this.pollDelay, progress);
      const wait = this.pollDelay / speed;
      await this.deps.setError(null, this.deps.now() + wait);
      await sleep(wait, this.abort.signal);
    }
  }

  /** One poll: GET <create path>/{id}. Returns the status read, or null after an error. */
  private async poll(upstream: Upstream, row: TaskRow, speed: number): Promise<string | null> {
    const path = `${row.create_path}/${encodeURIComponent(row.id)}`;
    const read = await this.deps.background(row, path, async () => {
      try {
        const res = await sendWithRetry(() => upstream.request(path, { signal: this.abort.signal }), { retry: true, speed, signal: this.abort.signal });
        if (!res.ok) return { ok: false as const, error: await upstreamError(upstream.service, res) };
        return { ok: true as const, json: (await res.json()) as unknown };
      } catch (err) {
        return { ok: false as const, error: unreachable(upstream.service, upstream.baseUrl, err), network: true };
      }
    });
    if (read.ok) return this.deps.apply(read.json);
    if ('network' in read) {
      if (!this.stopped) await this.deps.setError(read.error.message, null);
      return null;
    }
    const wait = Math.max((read.error.retryAfter ?? 0) * 1000, 30_000 / speed);
    await this.deps.setError(read.error.message, this.deps.now() + wait);
    await sleep(wait, this.abort.signal);
    return null;
  }

  /** Follows `GET <create path>/{id}/stream` until the task ends or the stream drops. */
  private async follow(upstream: Upstream, row: TaskRow): Promise<StreamOutcome> {
    const idle = new AbortController();
    const onStop = () => idle.abort();
    this.abort.signal.addEventListener('abort', onStop, { once: true });
    const timer = setTimeout(() => idle.abort(), STREAM_IDLE_MS);
    try {
      const res = await upstream.request(`${row.create_path}/${encodeURIComponent(row.id)}/stream`, {
        signal: idle.signal,
        accept: 'text/event-stream',
      });
      if (!res.ok || !res.headers.get('content-type')?.includes('text/event-stream') || !res.body) {
        await res.body?.cancel();
        return res.status === 404 || res.status === 405 || res.status === 501 || res.ok ? 'unsupported' : 'ended';
      }
      const events = res.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream({ onComment: () => timer.refresh() }));
      const reader = events.getReader();
      for (;;) {
        const { value: event, done } = await reader.read();
        if (done) break;
        timer.refresh();
        if (event.event === 'error') {
          await this.deps.setError(`The service's event stream reported an error: ${event.data}`, null);
          await reader.cancel();
          return 'ended';
        }
        const status = await this.deps.apply(JSON.parse(event.data));
        if (isTerminal(status)) {
          await reader.cancel();
          return 'terminal';
        }
      }
      return 'ended';
    } finally {
      clearTimeout(timer);
      this.abort.signal.removeEventListener('abort', onStop);
    }
  }
}
