import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { LiveEvent } from '../../contracts/bff';

/** A tab's event stream (`GET /api/events`) read by a test: every event kept, `until` waits for one that matches. */
export async function eventClient(send: (path: string) => Promise<Response>) {
  const res = await send('/api/events');
  if (res.status !== 200 || !res.body) throw new Error(`the event stream answered ${res.status}`);
  const events: LiveEvent[] = [];
  let ended = false;
  const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      events.push(JSON.parse(value.data) as LiveEvent);
    }
    ended = true;
  })();
  return {
    events,
    get ended() {
      return ended;
    },
    async until(match: (e: LiveEvent) => boolean, timeoutMs = 20_000): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (ended) throw new Error(`the stream ended before the event came; it said ${events.map((e) => e.type).join(', ')}`);
        if (Date.now() > deadline) throw new Error(`no such event in ${timeoutMs} ms; the stream said ${events.map((e) => e.type).join(', ')}`);
        await new Promise((ok) => setTimeout(ok, 50));
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
      await reading;
    },
  };
}
