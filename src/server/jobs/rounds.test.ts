import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../testing/postgres';
import { localRounds, postgresRounds } from './rounds';

/* Background work across a team's processes (README, Team mode): one process at a time. */

let server: TestPostgres;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server?.stop());

describe('rounds', () => {
  it('a section held by one process is refused to another until it ends; on one process it always runs', async () => {
    const url = await server.newDatabase();
    const [a, b] = await Promise.all([postgresRounds(url), postgresRounds(url)]);
    try {
      let release = () => {};
      const held = new Promise<void>((ok) => (release = ok));
      let entered = () => {};
      const inside = new Promise<void>((ok) => (entered = ok));
      const first = a.exclusive('reconcile', async () => {
        entered();
        await held;
      });
      await inside;
      let ran = false;
      expect(await b.exclusive('reconcile', async () => void (ran = true))).toBe(false);
      expect(ran).toBe(false);
      release();
      expect(await first).toBe(true);
      expect(await b.exclusive('reconcile', async () => void (ran = true))).toBe(true);
      expect(ran).toBe(true);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const local = localRounds();
    expect(await local.exclusive('reconcile', async () => undefined)).toBe(true);
    await local.stop();
  });
});
