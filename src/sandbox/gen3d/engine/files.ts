import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Gen3dStore, TaskRow } from '../store/store';
import { JobLimitError, type JobLimits } from './jobs/limits';
import type { Job, JobResult } from './jobs/types';
import { jobPool } from './worker/pool';

export type TaskFiles = Record<string, string>;

/** The files' types by extension (contracts/file-types.ts). */
export { fileTypes as contentTypes } from '../../../contracts/file-types';

/** The job of a task made before jobs were stored (text-to-3D only). */
function legacyJob(row: TaskRow, store: Gen3dStore): Job {
  type Req = { prompt?: string; pose_mode?: string; target_formats?: string[]; preview_task_id?: string; enable_pbr?: boolean; hd_texture?: boolean };
  const req = JSON.parse(row.request) as Req;
  const preview = req.preview_task_id ? store.get(row.account, req.preview_task_id) : undefined;
  const source = preview ? (JSON.parse(preview.request) as Req) : req;
  const refine = row.type === 'text-to-3d-refine';
  const pose = source.pose_mode === 'a-pose' || source.pose_mode === 't-pose' ? source.pose_mode : '';
  return { kind: 'text3d', stage: refine ? 'refine' : 'preview', prompt: source.prompt ?? '', poseMode: pose, enablePbr: refine && !!req.enable_pbr, hdTexture: refine && !!req.hd_texture, formats: source.target_formats ?? ['glb', 'obj', 'stl'] };
}

/**
 * Makes each task's files once, in the background: the task's job runs in the worker thread (the
 * HTTP server's event loop stays free), within `limits`; a job that fails or meets a limit fails its
 * task (refunded).
 */
export class FileMaker {
  private pending = new Map<string, Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly store: Gen3dStore,
    private readonly now: () => number,
    private readonly limits: JobLimits,
  ) {}

  taskDir(taskId: string): string {
    return join(this.dir, taskId);
  }

  path(taskId: string, name: string): string {
    return join(this.dir, taskId, name);
  }

  read(taskId: string, name: string): Buffer | null {
    if (!/^[\w.-]+$/.test(name) || !/^[\w-]+$/.test(taskId)) return null;
    const p = this.path(taskId, name);
    return existsSync(p) ? readFileSync(p) : null;
  }

  /** Runs a job now (no task): inspecting a model sent by URL, a library preview. */
  run(job: Job, dir: string): Promise<JobResult> {
    return jobPool.run(job, join(this.dir, dir), this.limits);
  }

  /** Starts making a task's files unless that is done or under way. */
  ensure(row: TaskRow) {
    if (row.files || this.pending.has(row.id)) return;
    const job = row.job ? (JSON.parse(row.job) as Job) : legacyJob(row, this.store);
    const work = jobPool
      .run(job, this.taskDir(row.id), this.limits)
      .then((result) => {
        const meta = result.meta;
        this.store.update(row.id, { files: JSON.stringify(result.files), face_count: meta.face_count ?? null, meta: JSON.stringify(meta) });
      })
      .catch((err: unknown) => {
        const current = this.store.get(row.account, row.id);
        if (current?.status !== 'IN_PROGRESS') return;
        const message = err instanceof JobLimitError ? err.message : `Internal server error. (${err instanceof Error ? err.message : String(err)})`;
        this.store.fail(current, this.now(), message);
      })
      .finally(() => this.pending.delete(row.id));
    this.pending.set(row.id, work);
  }

  /** Resolves when every file making under way has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()]);
  }
}
