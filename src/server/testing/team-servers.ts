import { afterAll, afterEach, beforeAll } from 'vitest';
import { startPostgres, type TestPostgres } from './postgres';
import { entryRunner } from './run';

/**
 * A team-mode test file's servers: a PostgreSQL started before its tests and stopped after them,
 * and a runner of server processes (`run`) whose processes end after each test, before `cleanUp`.
 */
export function teamServers(cleanUp?: () => Promise<void> | void) {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());
  const { run, stopAll } = entryRunner();
  afterEach(async () => {
    await stopAll();
    await cleanUp?.();
  });
  return { postgres: () => server as TestPostgres, run };
}
