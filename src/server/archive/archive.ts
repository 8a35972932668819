import { createReadStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ArchiveUsage, RemovedFiles } from '../../contracts/bff-bodies';
import type { ApiError } from '../../contracts/errors';
import { GuardedFetchError, saveBody } from '../../node-lib/guarded-fetch';
import type { Upstreams } from '../connections/upstream';
import type { TaskEvents } from '../events/hub';
import { apiError } from '../http/errors';
import { servedFile } from '../http/file-headers';
import type { ConsoleSettings } from '../store/console-settings';
import type { AssetRow, TaskFiles } from '../store/task-files';
import type { TaskRow, TaskStore } from '../store/tasks';
import { assetExtension } from './assets';

const safe = (s: string) => s.replace(/[^\w.-]+/g, '_');
const DAY = 24 * 3600 * 1000;
/** The service deletes a task's files 3 days after it finishes (docs/live-services.md#3d-generation--files). */
const SERVICE_KEEPS_MS = 3 * DAY;

export type ServeResult = { ok: true; response: Response } | { ok: false; error: ApiError };

export type ArchiveOptions = {
  /** ARCHIVE_MAX_FILE_MB in bytes: a larger file is not copied (recorded as lost, with the reason). */
  maxFileBytes: number;
  /** ARCHIVE_RETENTION_DAYS: copies older than this are removed; 0 keeps them forever. */
  retentionDays: number;
  /** First wait after a failed copy; it doubles per attempt (capped at an hour), sandbox time scaled. */
  retryBaseMs: number;
};

const RETENTION_KEY = 'archive.retentionDays';

export const DEFAULT_ARCHIVE: ArchiveOptions = { maxFileBytes: 512 * 1024 * 1024, retentionDays: 0, retryBaseMs: 30_000 };

/** The outcome of one copy attempt of one file. */
type Attempt = { ok: true } | { ok: false; final: boolean; reason: string };

/**
 * Copies each SUCCEEDED task's output files into DATA_DIR (the service deletes its own after 3
 * days) and serves the copy afterwards; before the copy exists, streams the file from the service.
 * Files come only from the service's own hosts (class (a) of the guarded fetcher), up to the size
 * limit, streamed to disk. A failed copy is retried with backoff while the service still has the
 * file; each file's state is kept in the ledger (archived, retrying, lost with the reason).
 */
export class Archive {
  private readonly running = new Map<string, Promise<void>>();
  private lastSweep = 0;
  private ticking: Promise<void> | null = null;
  /** Days a copy is kept (0: forever): the operator's saved choice, else ARCHIVE_RETENTION_DAYS. */
  private retentionDays: number;

  constructor(
    private readonly dir: string,
    private readonly stores: { tasks: TaskStore; files: TaskFiles; settings: ConsoleSettings },
    private readonly upstreams: Upstreams,
    readonly opts: ArchiveOptions,
    private readonly now: () => number,
    /** Where a task's finish is heard (its files are copied then) and a change of its files' states told. */
    private readonly events: TaskEvents,
  ) {
    this.retentionDays = opts.retentionDays;
    this.unsubscribe = events.subscribe((e) => {
      if (e.type === 'finished' && e.status === 'SUCCEEDED') void this.archiveTask(e.taskId);
    });
  }

  private readonly unsubscribe: () => void;

  private changed(taskId: string) {
    this.events.publish({ type: 'files', taskId });
  }

  /** Reads the operator's saved retention, which wins over ARCHIVE_RETENTION_DAYS (before `start`). */
  async load(): Promise<void> {
    const saved = await this.stores.settings.get(RETENTION_KEY);
    if (saved !== null) this.retentionDays = Number(saved);
  }

  /** The operator's retention setting (days, 0 keeps copies forever), kept across restarts; copies past it go at the next sweep. */
  async setRetention(days: number, at = this.now()): Promise<ArchiveUsage> {
    this.retentionDays = days;
    await this.stores.settings.save(RETENTION_KEY, String(days), at);
    this.lastSweep = 0;
    return this.usage();
  }

  private fileFor(taskId: string, key: string, ext: string) {
    return join(this.dir, safe(taskId), `${safe(key)}.${ext}`);
  }

  async stop() {
    this.unsubscribe();
    await Promise.all([this.ticking, ...this.running.values()]);
  }

  /**
   * Retries due copies and sweeps old copies: a background round, every few seconds (sandbox time
   * scaled; jobs/rounds.ts runs it). One round at a time (a round still running when the next
   * falls due is not doubled).
   */
  tick(): Promise<void> {
    this.ticking ??= this.round()
      .catch((err: unknown) => console.error('the archive round failed: %s', err instanceof Error ? err.message : String(err)))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async round() {
    const now = this.now();
    for (const id of await this.stores.files.dueRetries(now)) await this.archiveTask(id);
    if (now - this.lastSweep >= 3600_000) {
      this.lastSweep = now;
      await this.sweep(now);
    }
  }

  /** Copies the task's files still to copy (one run per task at a time). */
  archiveTask(taskId: string): Promise<void> {
    const running = this.running.get(taskId);
    if (running) return running;
    const run = this.copyAll(taskId).finally(() => this.running.delete(taskId));
    this.running.set(taskId, run);
    return run;
  }

  private async copyAll(taskId: string) {
    const { tasks, files } = this.stores;
    const row = await tasks.get(taskId);
    if (!row) return;
    const now = this.now();
    const assets = await files.list(taskId);
    const todo = assets.filter((a) => a.state === 'pending' || (a.state === 'retrying' && (a.next_attempt_at ?? 0) <= now));
    if (todo.length === 0) {
      // A task with no output files (a print analysis) has nothing to copy: it is archived as it stands.
      if (row.archived !== 1 && assets.length === 0) {
        await files.refreshArchived(taskId);
        await this.changed(taskId);
      }
      return;
    }
    for (const asset of todo) {
      const attempt = await this.copy(row, asset);
      if (attempt.ok) continue;
      const attempts = asset.attempts + 1;
      const next = this.now() + this.backoff(row, attempts);
      if (attempt.final) await files.setState(taskId, asset.key, 'lost', attempt.reason, null, attempts);
      else if (next >= this.serviceKeepsUntil(row))
        await files.setState(taskId, asset.key, 'lost', `${attempt.reason}; the service deletes its copy before another attempt`, null, attempts);
      else await files.setState(taskId, asset.key, 'retrying', attempt.reason, next, attempts);
    }
    await files.refreshArchived(taskId);
    await this.changed(taskId);
  }

  private backoff(row: TaskRow, attempts: number) {
    return Math.min(3600_000, this.opts.retryBaseMs * 2 ** (attempts - 1)) / this.upstreams.speedFor(row.mode);
  }

  /** When the service's own copies go (the record's `expires_at`, else 3 days after it finished). */
  private serviceKeepsUntil(row: TaskRow): number {
    const record = JSON.parse(row.record) as { expires_at?: unknown; finished_at?: unknown };
    const expires = Number(record.expires_at);
    if (expires > 0) return expires;
    const finished = Number(record.finished_at);
    return (finished > 0 ? finished : row.updated_at) + SERVICE_KEEPS_MS / this.upstreams.speedFor(row.mode);
  }

  private async copy(row: TaskRow, asset: AssetRow): Promise<Attempt> {
    let res: Response;
    try {
      res = await this.upstreams.fetchAsset('gen3d', row.mode, row.base_url, asset.upstream_url, { maxBytes: this.opts.maxFileBytes });
    } catch (err) {
      return failure(err);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      const gone = res.status === 403 || res.status === 404 || res.status === 410;
      return gone
        ? { ok: false, final: true, reason: `the service no longer has this file (HTTP ${res.status}); it deletes files 3 days after a task finishes` }
        : { ok: false, final: false, reason: `the service answered HTTP ${res.status}` };
    }
    const type = res.headers.get('content-type');
    const file = this.fileFor(row.id, asset.key, assetExtension(asset.key, asset.upstream_url, type));
    mkdirSync(join(this.dir, safe(row.id)), { recursive: true, mode: 0o700 });
    try {
      const size = await saveBody(res, file);
      await this.stores.files.setFile(row.id, asset.key, file, type, size, this.now());
      return { ok: true };
    } catch (err) {
      return failure(err);
    }
  }

  /** Removes copies older than the retention setting; returns how many. */
  async sweep(now = this.now()): Promise<number> {
    const days = this.retentionDays;
    if (days <= 0) return 0;
    const reason = `removed after ${days} days (the archive's retention setting)`;
    let removed = 0;
    const touched = new Set<string>();
    for (;;) {
      const batch = await this.stores.files.archivedBefore(now - days * DAY);
      if (batch.length === 0) break;
      for (const a of batch) {
        if (a.file) rmSync(a.file, { force: true });
        await this.stores.files.setState(a.task_id, a.key, 'removed', reason);
        touched.add(a.task_id);
        removed++;
      }
    }
    for (const id of touched) {
      await this.stores.files.refreshArchived(id);
      await this.changed(id);
    }
    return removed;
  }

  /** Deletes a task's local copies (the operator's choice); they are not copied again. */
  async removeTask(taskId: string): Promise<RemovedFiles> {
    let files = 0;
    let bytes = 0;
    for (const a of await this.stores.files.list(taskId)) {
      if (a.state === 'archived' && a.file) {
        rmSync(a.file, { force: true });
        files++;
        bytes += a.size ?? 0;
      }
      if (a.state !== 'lost') await this.stores.files.setState(taskId, a.key, 'removed', 'the local copy was deleted by the operator');
    }
    rmSync(join(this.dir, safe(taskId)), { recursive: true, force: true });
    await this.stores.files.refreshArchived(taskId);
    await this.changed(taskId);
    return { taskId, files, bytes };
  }

  async usage(): Promise<ArchiveUsage> {
    return { service: 'gen3d', ...(await this.stores.files.usage()), retentionDays: this.retentionDays, maxFileBytes: this.opts.maxFileBytes };
  }

  /**
   * The file of a task for the browser: the archived copy, else a stream from the service. Only an
   * output's own types are served inline (http/file-headers); any other is a download under `name`,
   * as every file is when `download` is asked.
   */
  async serve(taskId: string, key: string, name: string, download: boolean): Promise<ServeResult> {
    const asset = await this.stores.files.get(taskId, key);
    const row = await this.stores.tasks.get(taskId);
    if (!asset || !row) return { ok: false, error: apiError(404, 'not_found', 'This console has no such file.') };
    const headersFor = (given: string | null) => {
      const served = servedFile(given, assetExtension(asset.key, asset.upstream_url, given));
      const headers = new Headers({ 'cache-control': 'private, max-age=3600', 'content-type': served.type });
      if (download || !served.inline) headers.set('content-disposition', `attachment; filename="${safe(name)}.${served.ext}"`);
      return headers;
    };
    if (asset.state === 'archived' && asset.file && existsSync(asset.file)) {
      const headers = headersFor(asset.content_type);
      headers.set('content-length', String(statSync(asset.file).size));
      // Read in 1 MB pieces: a model of a few MB goes out in a few writes instead of a hundred.
      const body = Readable.toWeb(createReadStream(asset.file, { highWaterMark: 1 << 20 })) as ReadableStream<Uint8Array>;
      return { ok: true, response: new Response(body, { headers }) };
    }
    let res: Response;
    try {
      res = await this.upstreams.fetchAsset('gen3d', row.mode, row.base_url, asset.upstream_url, { maxBytes: this.opts.maxFileBytes });
    } catch (err) {
      if (err instanceof GuardedFetchError && (err.reason === 'refused' || err.reason === 'too_large')) {
        return {
          ok: false,
          error: apiError(
            err.reason === 'refused' ? 403 : 413,
            err.reason === 'refused' ? 'file_refused' : 'file_too_large',
            `The console does not fetch this file: ${err.message}.`,
          ),
        };
      }
      return { ok: false, error: apiError(502, 'upstream_unreachable', 'The file could not be fetched from the service. Try again in a moment.') };
    }
    if (res.status === 403 || res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      return { ok: false, error: expired() };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, error: apiError(502, 'upstream_error', `The service answered ${res.status} for this file. Try again in a moment.`) };
    }
    const headers = headersFor(res.headers.get('content-type'));
    const length = res.headers.get('content-length');
    if (length) headers.set('content-length', length);
    return { ok: true, response: new Response(res.body, { headers }) };
  }
}

function failure(err: unknown): Attempt {
  if (err instanceof GuardedFetchError) {
    if (err.reason === 'refused') return { ok: false, final: true, reason: `refused: ${err.message}` };
    if (err.reason === 'too_large') return { ok: false, final: true, reason: err.message.replace('the answer', 'the file') };
    return { ok: false, final: false, reason: err.message };
  }
  return { ok: false, final: false, reason: err instanceof Error ? err.message : 'the copy failed' };
}

const expired = (): ApiError =>
  apiError(
    410,
    'file_expired',
    'This file has expired: the service deletes files 3 days after a task finishes, and no copy was archived. Run the task again to get a new file.',
  );
