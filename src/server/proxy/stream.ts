import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { StreamingApi } from 'hono/utils/stream';

/** Passes an SSE stream through, each JSON record rewritten by `rewrite` (file URLs made same-origin). */
export async function rewriteStream(res: Response, out: StreamingApi, rewrite: (json: unknown) => unknown) {
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
        data = JSON.stringify(rewrite(JSON.parse(data) as unknown));
      } catch {
        // not JSON: passed through as it came
      }
    }
    const lines = data.split('\n').map((l) => `data: ${l}`).join('\n');
    await out.write(`${value.event ? `event: ${value.event}\n` : ''}${lines}\n\n`);
  }
}
