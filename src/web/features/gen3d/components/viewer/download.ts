import { ViewerLoadError, readErrorMessage } from './load-error';
import type { LoadProgress } from './types';

/**
 * Downloads `src` through a streamed reader so progress can be shown. `total` is the
 * Content-Length when it describes the bytes we read (not when the body is compressed in transit).
 * Runs in the model download worker, and on the page where workers are not available.
 */
export async function fetchWithProgress(
  src: string,
  signal: AbortSignal | undefined,
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

/**
 * A filter for progress reports: passes one for each whole percent, or one every `everyMs` when the
 * size is unknown (and always the first).
 */
export function progressGate(everyMs: number): (progress: LoadProgress) => boolean {
  let lastPercent = -1;
  let lastAt = -Infinity;
  return (progress) => {
    if (progress.total !== null) {
      const percent = Math.floor((progress.loaded / progress.total) * 100);
      if (percent === lastPercent) return false;
      lastPercent = percent;
      return true;
    }
    const now = performance.now();
    if (now - lastAt < everyMs && progress.loaded > 0) return false;
    lastAt = now;
    return true;
  };
}
