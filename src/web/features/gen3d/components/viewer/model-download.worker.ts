import { fetchWithProgress, progressGate } from './download';
import { toFailure } from './load-error';
import type { DownloadAnswer, DownloadAsk } from './model-download';

/*
 * Downloads one model off the page's thread: the page's thread is busy starting the app while a
 * finished task's model arrives, and a stream read there waits for it chunk by chunk.
 */
/** The worker's side of its port (the DOM types describe the page's `self`). */
const scope = self as unknown as { postMessage(message: DownloadAnswer, transfer: Transferable[]): void; onmessage: ((event: MessageEvent<DownloadAsk>) => void) | null };
const post = (answer: DownloadAnswer, transfer: Transferable[] = []) => scope.postMessage(answer, transfer);

async function download(event: MessageEvent<DownloadAsk>) {
  // At most one message a whole percent, or every 50 ms when the size is unknown.
  const worthTelling = progressGate(50);
  try {
    const buffer = await fetchWithProgress(event.data.src, undefined, (progress) => {
      if (worthTelling(progress)) post({ kind: 'progress', progress });
    });
    post({ kind: 'done', buffer }, [buffer]);
  } catch (error) {
    post({ kind: 'failed', failure: toFailure(error) });
  }
}

// Every failure is caught in `download` and posted as one.
scope.onmessage = (event) => void download(event);
