import { ApiErrorBody } from '../../contracts/errors';
import { ApiRequestError } from './api';

export type DownloadProgress = { received: number; total: number | null };

/**
 * Downloads a file from the BFF with progress (bytes received of Content-Length), then hands it to
 * the browser as a file named as the server named it. An error answer becomes an ApiRequestError
 * with the server's sentence.
 */
export async function downloadWithProgress(
  path: string,
  fallbackName: string,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<{ name: string; bytes: number }> {
  const res = await fetch(path, { signal, headers: { accept: 'application/octet-stream' } });
  if (!res.ok) {
    const body = ApiErrorBody.safeParse(await res.json().catch(() => null));
    throw new ApiRequestError(
      body.success ? body.data.error : { status: res.status, code: 'http_error', message: `The download failed: the console server answered ${res.status}.`, retryAfter: null, field: null },
    );
  }
  const total = Number(res.headers.get('content-length')) || null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { name, bytes: received };
}

/** The file name a download's Content-Disposition names, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name.replace(/[/\\]/g, '_') || fallback;
}
