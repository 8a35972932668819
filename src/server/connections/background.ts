/**
 * The BFF's own reads (balance refreshes, watcher polls, reconciliation lists) go to the service
 * on the operator's key and share its per-account rate limit (docs/live-services.md#3d-generation--limits: 20 requests/s on Pro).
 * So they are coalesced — one in flight per service and path; a caller arriving meanwhile gets the
 * one read that starts after it (never more than one waiting), so it still sees fresh data — and
 * spaced: two background reads of a service start at least `gapMs` apart (sandbox time scaled),
 * which leaves most of the limit to the operator.
 */
export class BackgroundReads {
  private readonly lanes = new Map<string, { running: Promise<unknown>; next: Promise<unknown> | null }>();
  private readonly turns = new Map<string, Promise<void>>();
  private readonly lastStart = new Map<string, number>();
  private closed = false;

  constructor(private readonly gapMs: (service: string) => number) {}

  /** Runs `read` for `service` + `key`, or joins the one that will. */
  run<T>(service: string, key: string, read: () => Promise<T>): Promise<T> {
    const id = `${service} ${key}`;
    const lane = this.lanes.get(id);
    if (lane) {
      lane.next ??= lane.running.catch(() => undefined).then(() => this.start(id, service, read));
      return lane.next as Promise<T>;
    }
    return this.start(id, service, read);
  }

  /** Refuses reads from now on and waits for those under way (the console is stopping). */
  async close() {
    this.closed = true;
    await Promise.all([...this.lanes.values()].flatMap((l) => [l.running, l.next]).map((p) => p?.catch(() => undefined)));
  }

  private start<T>(id: string, service: string, read: () => Promise<T>): Promise<T> {
    const running = this.spaced(service).then(() => {
      if (this.closed) throw new Error('the console is stopping');
      return read();
    });
    const lane = { running: running as Promise<unknown>, next: null as Promise<unknown> | null };
    this.lanes.set(id, lane);
    void running
      .catch(() => undefined)
      .then(() => {
        if (this.lanes.get(id) !== lane) return;
        if (lane.next) {
          // The waiting read has started (it replaced this lane in `start`); nothing to do.
          return;
        }
        this.lanes.delete(id);
      });
    return running;
  }

  /** Waits for this service's next free start: `gapMs` after the previous read of the service actually started. */
  private spaced(service: string): Promise<void> {
    const turn = (this.turns.get(service) ?? Promise.resolve()).then(async () => {
      const wait = (this.lastStart.get(service) ?? 0) + this.gapMs(service) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
      this.lastStart.set(service, Date.now());
    });
    this.turns.set(service, turn);
    return turn;
  }
}
