import { fetchWithProgress } from './download';
import { ViewerLoadError, type LoadFailure } from './load-error';
import type { LoadProgress } from './types';
// Inlined (a blob: URL): the worker starts without asking the server for its script first.
import ModelDownloadWorker from './model-download.worker?worker&inline';

export type DownloadAsk = { src: string };
export type DownloadAnswer =
  | { kind: 'progress'; progress: LoadProgress }
  | { kind: 'done'; buffer: ArrayBuffer }
  | { kind: 'failed'; failure: LoadFailure };

const abortError = () => new DOMException('The download was stopped', 'AbortError');

/**
 * Downloads the model at `src` (same origin) with progress, in a worker of its own: the bytes
 * stream in while the page's thread starts the app and the viewer. Stopping it ends the worker
 * and its request. Where no worker can start, the page downloads it itself.
 */
export function downloadModel(src: string, signal: AbortSignal, onProgress: (progress: LoadProgress) => void): Promise<ArrayBuffer> {
  if (signal.aborted) return Promise.reject(abortError());
  let worker: Worker;
  try {
    worker = new ModelDownloadWorker({ name: 'model download' });
  } catch {
    return fetchWithProgress(src, signal, onProgress);
  }
  return new Promise<ArrayBuffer>((resolve, reject) => {
    let started = false;
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<DownloadAnswer>) => {
      started = true;
      const answer = event.data;
      if (answer.kind === 'progress') return onProgress(answer.progress);
      end();
      if (answer.kind === 'done') resolve(answer.buffer);
      else reject(new ViewerLoadError(answer.failure));
    };
    // The worker's script could not run (blocked, or its file is missing): download here instead.
    worker.onerror = (event) => {
      event.preventDefault();
      if (started) return;
      end();
      fetchWithProgress(src, signal, onProgress).then(resolve, reject);
    };
    worker.postMessage({ src: new URL(src, window.location.href).href } satisfies DownloadAsk);
  });
}
