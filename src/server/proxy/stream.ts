import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { StreamingApi } from 'hono/utils/stream';
import type { ServiceId } from '../../contracts/services';
import { rewriteAssets } from '../archive/assets';

/** Passes a task's SSE stream through, with file URLs in each record made same-origin. */
export async function rewriteStream(res: Response, out: StreamingApi, service: ServiceId, taskId: string) {
  if (!res.body) return;
  const reader = res.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ onComment: (comment) => void out.write(`:${comment}\n\n`) }))
    .getReader();
  out.onAbort(() => void reader.cancel());
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    let data = value.data;
    if (value.event !== 'error') {
      try {
        data = JSON.stringify(rewriteAssets(JSON.parse(data) as unknown, service, taskId));
      } catch {
        // not JSON: passed through as it came
      }
    }
    const lines = data.split('\n').map((l) => `data: ${l}`).join('\n');
    await out.write(`${value.event ? `event: ${value.event}\n` : ''}${lines}\n\n`);
  }
}
