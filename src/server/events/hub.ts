import type { LiveEvent } from '../../contracts/bff';

/**
 * Fans events out to whoever listens: `EventHub<LiveEvent>` (the default) to every open tab's SSE
 * connection; `TaskEvents` between the server's own parts (the watcher and the archive), so
 * neither calls the other.
 */
export class EventHub<E = LiveEvent> {
  private listeners = new Set<(event: E) => void>();
  private relay: ((event: E) => void) | null = null;

  subscribe(listener: (event: E) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends every event published here on to the other processes of the same console too (events/pg-bridge.ts). */
  relayTo(relay: ((event: E) => void) | null) {
    this.relay = relay;
  }

  publish(event: E) {
    this.deliver(event);
    this.relay?.(event);
  }

  /** Gives an event to this process's listeners only (one another process published). */
  deliver(event: E) {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        console.error('event listener failed', err);
      }
    }
  }

  get size() {
    return this.listeners.size;
  }
}

/** What happened to a 3D task inside the server: it finished upstream, or its files changed state in the archive. */
export type TaskEvent = { type: 'finished'; taskId: string; status: string } | { type: 'files'; taskId: string };
export type TaskEvents = EventHub<TaskEvent>;
