import { parentPort } from 'node:worker_threads';
import { runJob } from '../jobs/run';
import type { JobAnswer, JobRequest } from '../jobs/types';

/** The sandbox's worker thread: runs one job at a time, off the HTTP server's event loop. */
parentPort?.on('message', (msg: JobRequest) => {
  runJob(msg.job, msg.dir)
    .then((result): JobAnswer => ({ id: msg.id, ok: true, result }))
    .catch((err: unknown): JobAnswer => ({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) }))
    .then((answer) => parentPort?.postMessage(answer));
});
