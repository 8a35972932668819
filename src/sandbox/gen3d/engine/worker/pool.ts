import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { JOB_LIMITS, JobLimitError, tooLong, type JobLimits } from '../jobs/limits';
import type { Job, JobRequest, JobResult, WorkerMessage } from '../jobs/types';

type Queued = { request: JobRequest; resolve: (r: JobResult) => void; reject: (e: Error) => void };

/**
 * One worker thread for the whole process (the machine has two cores and the HTTP server shares
 * them): jobs queue here and the thread gets one at a time, timed from when it starts. A job past
 * its time limit is stopped by ending the thread (a loop cannot be interrupted otherwise); a crashed
 * or stopped thread is replaced for the next job. The thread keeps the process alive only while a
 * job is under way.
 */
class JobPool {
  private worker: Worker | null = null;
  private ready = false;
  private queue: Queued[] = [];
  private current: { job: Queued; timer: NodeJS.Timeout } | null = null;
  private next = 1;

  run(job: Job, dir: string, limits: JobLimits = JOB_LIMITS): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.next++, job, dir, limits }, resolve, reject });
      this.pump();
    });
  }

  /** Sends the next job to the thread when it is free (starting a thread if there is none). */
  private pump() {
    if (this.current) return;
    if (this.queue.length === 0) {
      this.worker?.unref();
      return;
    }
    const w = (this.worker ??= this.start());
    w.ref();
    if (!this.ready) return;
    const job = this.queue.shift()!;
    const timer = setTimeout(() => this.stop(w, tooLong(job.request.limits)), job.request.limits.ms);
    this.current = { job, timer };
    w.postMessage(job.request);
  }

  /** Settles the job under way and moves on. */
  private finish(outcome: { result: JobResult } | { error: Error }) {
    const done = this.current;
    if (!done) return;
    clearTimeout(done.timer);
    this.current = null;
    if ('result' in outcome) done.job.resolve(outcome.result);
    else done.job.reject(outcome.error);
    this.pump();
  }

  /** Ends the thread under a job that met its time limit; the next job gets a new thread. */
  private stop(w: Worker, error: JobLimitError) {
    if (w !== this.worker) return;
    this.worker = null;
    void w.terminate();
    this.finish({ error });
  }

  private start(): Worker {
    const w = new Worker(fileURLToPath(new URL('./boot.mjs', import.meta.url)), { workerData: { entry: new URL('./main.ts', import.meta.url).href } });
    this.ready = false;
    w.on('message', (m: WorkerMessage) => {
      if (w !== this.worker) return;
      if ('ready' in m) {
        this.ready = true;
        this.pump();
      } else if (m.id === this.current?.job.request.id) this.finish(m.ok ? { result: m.result } : { error: m.limit ? new JobLimitError(m.error) : new Error(m.error) });
    });
    const gone = (error: Error) => {
      if (w !== this.worker) return;
      this.worker = null;
      // A thread that dies before it is ready would die again: the jobs waiting for it fail with it.
      if (!this.ready) for (const job of this.queue.splice(0)) job.reject(error);
      if (this.current) this.finish({ error });
      else this.pump();
    };
    w.on('error', gone);
    w.on('exit', (code) => gone(new Error(`the sandbox worker stopped (exit ${code})`)));
    return w;
  }
}

export const jobPool = new JobPool();
