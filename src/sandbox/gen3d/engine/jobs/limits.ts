import { statSync } from 'node:fs';
import { DATA_URI_MAX_BODY } from '../../../../contracts/routes';

/**
 * What one job of the 3D worker may take. The sandbox has one worker thread for every task, so a
 * job past these ends its task FAILED (refunded) with a sentence saying which limit it met, and the
 * next task runs.
 */
export type JobLimits = {
  /** Largest input file a job reads, in bytes. */
  bytes: number;
  /** Most triangles in an input model, counted as it is read (before any work on it). */
  triangles: number;
  /** Most vertices in an input model. */
  vertices: number;
  /** Longest a job may run in the worker thread, in milliseconds of wall time. */
  ms: number;
};

/**
 * The sandbox's limits. Bytes: what the largest data URI a create route takes decodes to (64 MB of
 * base64 is 48 MB). Triangles: above every model the sandbox makes (remesh and rigging go to
 * 300,000); a 500,000-triangle sphere converts in about 11 s and repairs in 22 s on one core, while
 * 3 million degenerate triangles held the worker for over 6 minutes. Vertices: three per triangle, a
 * mesh that shares none. Time: wall time of CPU work, so not scaled by SANDBOX_SPEED; five times the
 * slowest job within the other limits, leaving room for a busy machine.
 */
export const JOB_LIMITS: JobLimits = {
  bytes: (DATA_URI_MAX_BODY / 4) * 3,
  triangles: 500_000,
  vertices: 1_500_000,
  ms: 120_000,
};

/** A job stopped by one of its limits: its message is the task's `task_error.message` as it is. */
export class JobLimitError extends Error {
  override name = 'JobLimitError';
}

const count = (n: number) => n.toLocaleString('en');
const bytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : `${count(Math.ceil(n / 1024))} KB`);

export const tooLong = (limits: Pick<JobLimits, 'ms'>) =>
  new JobLimitError(`The job took longer than ${count(limits.ms / 1000)} s and was stopped. Send a smaller model (fewer triangles) or fewer output formats.`);

/** Refuses an input file over the byte limit (before it is read). */
export function checkBytes(path: string, limits: Pick<JobLimits, 'bytes'>): void {
  const size = statSync(path).size;
  if (size > limits.bytes) throw new JobLimitError(`The input file is ${bytes(size)}; the sandbox handles files of at most ${bytes(limits.bytes)}. Send a smaller file.`);
}

/** Refuses a model over the triangle or vertex limit; called by the reader with running totals. */
export function checkCounts(triangles: number, vertices: number, limits: Pick<JobLimits, 'triangles' | 'vertices'>): void {
  if (triangles > limits.triangles)
    throw new JobLimitError(`The model has ${count(triangles)} triangles; the sandbox handles at most ${count(limits.triangles)}. Reduce it in a modelling tool first.`);
  if (vertices > limits.vertices)
    throw new JobLimitError(`The model has ${count(vertices)} vertices; the sandbox handles at most ${count(limits.vertices)}. Reduce it in a modelling tool first.`);
}
