import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunch } from './e2e/fixtures/browser';

// Chosen once by the runner and inherited by the workers: a port and a fresh data directory.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'triptych-e2e-'));
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
    launchOptions: chromiumLaunch(),
  },
  // The built console on the sandbox: one process, bound to 127.0.0.1, on the port chosen above.
  webServer: {
    command: 'npx tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/api/connections`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SANDBOX_SPEED: '6',
      SANDBOX_CONTROL: '1',
      // The connections test aims live mode at this console's own sandbox over plain http on loopback.
      ALLOW_LOOPBACK_LIVE: '1',
    },
  },
});
