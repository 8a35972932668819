type Listener = (agentIds: string[]) => void;

/**
 * Who just got something to read: an inbox message, a notification, a session invitation or an
 * answer to one. The console subscribes to refresh those agents' inboxes at once; the agents are
 * reported once per turn of the event loop (a broadcast to a hundred agents is one report).
 */
export class Arrivals {
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Set<string>();
  private scheduled = false;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  add(agentId: string) {
    if (this.listeners.size === 0) return;
    this.pending.add(agentId);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    this.scheduled = false;
    const ids = [...this.pending];
    this.pending.clear();
    if (ids.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(ids);
      } catch (err) {
        console.error('agentnet sandbox: arrival listener failed', err);
      }
    }
  }
}
