/**
 * A sliding-window request limit per key (the services' per-account rate limits). The window
 * shrinks with the sandbox's time scale, as every other duration of the sandbox does, so a test
 * running the sandbox fast does not meet wall-clock limits.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();
  private readonly windowMs: number;
  constructor(
    private readonly limit: number,
    windowMs: number,
    speed = 1,
  ) {
    this.windowMs = windowMs / speed;
  }

  /** Counts one request; false when the key is over its limit. */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const list = this.hits.get(key) ?? [];
    while (list.length > 0 && (list[0] as number) <= since) list.shift();
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    return true;
  }

  /** Whole seconds until the key may send again (at least 1 while it is limited). */
  retryAfter(key: string, now = Date.now()): number {
    const oldest = this.hits.get(key)?.[0];
    return oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}
