import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './e2e/fixtures/browser';

/*
 * The built console (`npx vite build` first) in Chromium. Each worker starts a console of its own
 * on the sandbox, bound to 127.0.0.1 on a port the system chose, with a fresh data directory
 * (e2e/fixtures/test.ts): three workers run spec files side by side on the two cores (a test
 * often waits on its console's sandbox clock or the network going idle, and a third worker fills
 * those waits; a fourth made the run slower: README, Running tests), and the accessibility
 * sweep's areas are spread over them.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    trace: 'on-first-retry',
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
    launchOptions: chromiumLaunch(),
  },
});
