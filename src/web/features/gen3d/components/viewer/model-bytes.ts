import { isOwnPath } from '../../../../../contracts/own-path';
import { downloadModel } from './model-download';
import type { LoadProgress } from './types';

/*
 * The model's bytes, apart from three.js: the task page's loader starts the download while the
 * viewer's code is still on its way, and the viewer takes the download over where it stands.
 */

type Prefetch = {
  result: Promise<ArrayBuffer>;
  last: LoadProgress;
  listeners: Set<(progress: LoadProgress) => void>;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
};

const prefetches = new Map<string, Prefetch>();

/** A prefetch nobody took within this time (the page was left) is dropped with its bytes. */
const UNCLAIMED_MS = 60_000;

/** Starts downloading the model at `src` (same origin) for a viewer about to show it. */
export function prefetchModel(src: string): void {
  if (prefetches.has(src) || !isOwnPath(src)) return;
  const controller = new AbortController();
  const entry: Prefetch = {
    last: { loaded: 0, total: null },
    listeners: new Set(),
    controller,
    result: Promise.resolve(new ArrayBuffer(0)),
    timer: setTimeout(() => {
      controller.abort();
      if (prefetches.get(src) === entry) prefetches.delete(src);
    }, UNCLAIMED_MS),
  };
  entry.result = downloadModel(src, controller.signal, (progress) => {
    entry.last = progress;
    for (const listener of entry.listeners) listener(progress);
  });
  // A failure is the viewer's to report when it takes the download over (or nobody's).
  entry.result.catch(() => {});
  prefetches.set(src, entry);
}

/** Downloads `src` with progress, taking over its prefetch when one was started. */
export async function loadModelBytes(src: string, signal: AbortSignal, onProgress: (progress: LoadProgress) => void): Promise<ArrayBuffer> {
  const entry = prefetches.get(src);
  if (!entry) return downloadModel(src, signal, onProgress);
  prefetches.delete(src);
  clearTimeout(entry.timer);
  const abort = () => entry.controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  onProgress(entry.last);
  entry.listeners.add(onProgress);
  try {
    return await entry.result;
  } finally {
    entry.listeners.delete(onProgress);
    signal.removeEventListener('abort', abort);
  }
}
