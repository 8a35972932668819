import { parentPort } from 'node:worker_threads';
import { JobLimitError } from '../jobs/limits';
import { runJob } from '../jobs/run';
import type { JobRequest, WorkerMessage } from '../jobs/types';

/** The sandbox's worker thread: runs the jobs the pool sends it, one at a time, off the HTTP server's event loop. */
parentPort?.on('message', (msg: JobRequest) => {
  runJob(msg.job, msg.dir, msg.limits)
    .then((result): WorkerMessage => ({ id: msg.id, ok: true, result }))
    .catch((err: unknown): WorkerMessage => ({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err), limit: err instanceof JobLimitError }))
    .then((answer) => parentPort?.postMessage(answer))
    // A result that cannot be posted (not cloneable) still ends the job, as a failure.
    .catch((err: unknown) => parentPort?.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err), limit: false } satisfies WorkerMessage));
});
// The pool times each job from here on: loading the modules above is not the first job's time.
parentPort?.postMessage({ ready: true } satisfies WorkerMessage);
