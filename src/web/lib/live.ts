import { useEffect, useSyncExternalStore } from 'react';
import { LiveEvent } from '../../contracts/bff';

type Handler = (event: LiveEvent) => void;
export type LiveState = 'connecting' | 'open' | 'reconnecting';

/**
 * One SSE connection per tab to `/api/events`; features subscribe with `useLiveEvent`. The
 * browser's EventSource reconnects by itself; after a reconnect, `hello` tells features to refetch.
 */
class LiveConnection {
  private source: EventSource | null = null;
  private handlers = new Set<Handler>();
  private stateListeners = new Set<() => void>();
  state: LiveState = 'connecting';

  private setState(state: LiveState) {
    if (this.state === state) return;
    this.state = state;
    for (const l of this.stateListeners) l();
  }

  private open() {
    if (this.source || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    this.source = source;
    source.onopen = () => this.setState('open');
    source.onerror = () => this.setState(source.readyState === EventSource.CLOSED ? 'reconnecting' : 'reconnecting');
    source.onmessage = (msg: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(msg.data);
      } catch {
        return;
      }
      const parsed = LiveEvent.safeParse(data);
      if (!parsed.success) return;
      for (const h of this.handlers) h(parsed.data);
    };
  }

  subscribe(handler: Handler): () => void {
    this.handlers.add(handler);
    this.open();
    return () => this.handlers.delete(handler);
  }

  onState = (listener: () => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };
}

const live = new LiveConnection();

/** Calls `handler` for every live event while the component is mounted. */
export function useLiveEvent(handler: Handler) {
  useEffect(() => live.subscribe(handler), [handler]);
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(live.onState, () => live.state);
}
