import { vi } from 'vitest';

/** Thrown while a read does not hold yet: vi.waitFor reads again. */
class NotYet extends Error {}

/**
 * Reads (with vi.waitFor, every `everyMs`) until `ok` holds or `ms` pass, then answers the last read
 * (the test's assertion says what was wrong).
 */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000, everyMs = 50): Promise<T> {
  let last: { value: T } | null = null;
  try {
    return await vi.waitFor(
      async () => {
        last = { value: await read() };
        if (!ok(last.value)) throw new NotYet();
        return last.value;
      },
      { timeout: ms, interval: everyMs },
    );
  } catch (err) {
    if (err instanceof NotYet && last) return (last as { value: T }).value;
    throw err;
  }
}
