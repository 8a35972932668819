import type { LiveEvent } from '../../contracts/bff';

type Listener = (event: LiveEvent) => void;

/** Fans events out to every open tab's SSE connection. */
export class EventHub {
  private listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: LiveEvent) {
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
