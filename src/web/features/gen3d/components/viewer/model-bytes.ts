import { ViewerLoadError, readErrorMessage } from './load-error';
import type { LoadProgress } from './types';

/*
 * The model's bytes, apart from three.js: the task page's loader starts the download while the
 * viewer's code is still on its way, and the viewer takes the download over where it stands.
 */

/**
 * Downloads `src` through a streamed reader so progress can be shown. `total` is the
 * Content-Length when it describes the bytes we read (not when the body is compressed in transit).
 */
export async function fetchWithProgress(
  src: string,
  signal: AbortSignal,
  onProgress: (progress: LoadProgress) => void,
): Promise<ArrayBuffer> {
  const res = await fetch(src, { signal, credentials: 'same-origin' });
  if (!res.ok) {
    throw new ViewerLoadError({ kind: 'http', status: res.status, message: await readErrorMessage(res) });
  }
  const encoding = res.headers.get('content-encoding');
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 && (!encoding || encoding === 'identity') ? length : null;
  onProgress({ loaded: 0, total });
  if (!res.body) {
    const buffer = await res.arrayBuffer();
    onProgress({ loaded: buffer.byteLength, total });
    return buffer;
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress({ loaded, total: total !== null && loaded <= total ? total : null });
  }
  const out = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out.buffer;
}

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
  if (prefetches.has(src) || !src.startsWith('/')) return;
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
  entry.result = fetchWithProgress(src, controller.signal, (progress) => {
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
  if (!entry) return fetchWithProgress(src, signal, onProgress);
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
