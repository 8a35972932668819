/**
 * A sliding-window request limit per key: at most `limit` requests from one key in any `windowMs`.
 * The sandbox's services limit their accounts and addresses with it, the console the refused
 * webhook deliveries (server/hooks/refused.ts). `speed` shrinks the window with the sandbox's time
 * scale, as every other duration of the sandbox, so a test running the sandbox fast does not meet
 * wall-clock limits.
 *
 * The map stays bounded: a key whose window emptied is dropped at the next request of any key, so
 * it holds only the keys heard from within the last window.
 */
export class RateLimiter {
  /** Each key's request times within the window, oldest first; the keys in the order of their latest request. */
  private readonly hits = new Map<string, number[]>();
  private readonly windowMs: number;

  constructor(
    readonly limit: number,
    windowMs: number,
    speed = 1,
  ) {
    this.windowMs = windowMs / speed;
  }

  /** Whether one more request from `key` would be within the limit; counts nothing. */
  allows(key: string, now = Date.now()): boolean {
    this.forget(now);
    return this.recent(key, now).length < this.limit;
  }

  /** Counts one request from `key`; false (and nothing counted) when the key is at its limit. */
  take(key: string, now = Date.now()): boolean {
    if (!this.allows(key, now)) return false;
    const list = this.hits.get(key) ?? [];
    // Moved to the end: the map stays in the order of the keys' latest requests.
    this.hits.delete(key);
    list.push(now);
    this.hits.set(key, list);
    return true;
  }

  /** Whole seconds until `key` may send again (at least 1 while it is at its limit, 0 when it may now). */
  retryAfter(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    const oldest = list[0];
    return oldest === undefined || list.length < this.limit ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  /** How many keys are held (the keys heard from within the window). */
  get size(): number {
    return this.hits.size;
  }

  /** `key`'s requests still within the window at `now` (older ones dropped, and the key with them when none is left). */
  private recent(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const since = now - this.windowMs;
    while (list.length > 0 && (list[0] as number) <= since) list.shift();
    if (list.length === 0) this.hits.delete(key);
    return list;
  }

  /** Drops the keys whose window emptied: oldest latest request first, so the first key still heard from ends the sweep. */
  private forget(now: number): void {
    const since = now - this.windowMs;
    for (const [key, list] of this.hits) {
      if ((list.at(-1) ?? -Infinity) > since) break;
      this.hits.delete(key);
    }
  }
}
