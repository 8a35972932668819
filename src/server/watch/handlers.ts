import { streamSSE } from 'hono/streaming';
import type { LiveEvent } from '../../contracts/bff';
import type { events } from '../../contracts/bff-routes/shell';
import type { BffHandler } from '../http/bff-route';
import type { EventHub } from '../events/hub';

/** The event stream (contracts/bff-routes/shell.ts, `events`): one SSE connection per tab carries every change. */
export function liveEvents(hub: EventHub, now: () => number): BffHandler<typeof events> {
  return (_, c) =>
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
    });
}
