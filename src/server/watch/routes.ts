import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { LiveEvent } from '../../contracts/bff';
import type { EventHub } from '../events/hub';

/** `GET /api/events`: one SSE connection per tab carries every change. */
export function createEvents(hub: EventHub, now: () => number) {
  const app = new Hono();
  app.get('/', (c) =>
    streamSSE(c, async (stream) => {
      const queue: LiveEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = hub.subscribe((event) => {
        queue.push(event);
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'message', data: JSON.stringify({ type: 'hello', serverTime: now() } satisfies LiveEvent) });
      while (!stream.aborted) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ event: 'message', data: JSON.stringify(event) });
          continue;
        }
        // Wait for the next event, or send a heartbeat comment every 15 s.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 15_000).unref();
        });
        wake = null;
        if (!queue.length && !stream.aborted) await stream.write(': ping\n\n');
      }
      unsubscribe();
    }),
  );
  return app;
}
