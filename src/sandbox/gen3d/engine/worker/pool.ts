import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Job, JobAnswer, JobResult } from '../jobs/types';

/**
 * One worker thread for the whole process (the machine has two cores and the HTTP server shares
 * them): jobs queue in order. The thread does not keep the process alive, and a crashed thread is
 * replaced for the next job.
 */
class JobPool {
  private worker: Worker | null = null;
  private next = 1;
  private waiting = new Map<number, { resolve: (r: JobResult) => void; reject: (e: Error) => void }>();

  private start(): Worker {
    const w = new Worker(fileURLToPath(new URL('./boot.mjs', import.meta.url)), { workerData: { entry: new URL('./main.ts', import.meta.url).href } });
    w.unref();
    w.on('message', (a: JobAnswer) => {
      const p = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      if (a.ok) p?.resolve(a.result);
      else p?.reject(new Error(a.error));
      if (this.waiting.size === 0) w.unref();
    });
    const fail = (err: Error) => {
      for (const p of this.waiting.values()) p.reject(err);
      this.waiting.clear();
      this.worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`the sandbox worker stopped (exit ${code})`)));
    return w;
  }

  run(job: Job, dir: string): Promise<JobResult> {
    this.worker ??= this.start();
    const id = this.next++;
    // Keep the process alive while a job is under way.
    this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker!.postMessage({ id, job, dir });
    });
  }
}

export const jobPool = new JobPool();
