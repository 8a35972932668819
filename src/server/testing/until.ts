/** Reads until `ok` holds or `ms` pass, then answers the last read (the test's assertion says what was wrong). */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000, everyMs = 50): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
