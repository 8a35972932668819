/**
 * `npx tsx scripts/bench.ts queue-page`: time to open `/3d` in Chromium (navigation to the queue's
 * first row drawn, or its empty state) with a 100,000-task ledger against an empty one, on the
 * built console (dist/). Goal (issue 9): under 1.2 times the empty ledger.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunch } from '../e2e/fixtures/browser';
import { makeKit } from '../src/server/testing/kit';
import { fill } from './bench-ledger';
import { startConsole } from './console';

const RUNS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function openQueue(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const t = performance.now();
  await page.goto(`${url}/3d`);
  await page.getByRole('table', { name: 'Task queue' }).getByRole('row').nth(1).or(page.getByText('No tasks yet.')).first().waitFor({ timeout: 60_000 });
  const ms = performance.now() - t;
  await context.close();
  return ms;
}

async function measure(browser: Browser, dataDir: string) {
  const server = await startConsole({}, { dataDir });
  try {
    await openQueue(browser, server.url); // warm: first start-up work and the browser's caches of nothing
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await openQueue(browser, server.url));
    return { medianMs: median(times), times };
  } finally {
    await server.stop();
  }
}

export type QueuePageBench = Awaited<ReturnType<typeof measureQueuePage>>;

export async function measureQueuePage() {
  const empty = mkdtempSync(join(tmpdir(), 'triptych-bench-queue-empty-'));
  const full = mkdtempSync(join(tmpdir(), 'triptych-bench-queue-full-'));
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const kit = await makeKit({ dir: full });
    await fill(kit);
    await kit.close();
    // The first start after the fill gives older tasks their spend rows: done here, not timed.
    await (await makeKit({ dir: full })).close();
    const emptyRun = await measure(browser, empty);
    const fullRun = await measure(browser, full);
    return { tasks: 100_000, empty: emptyRun, full: fullRun, ratio: fullRun.medianMs / emptyRun.medianMs };
  } finally {
    await browser.close();
    rmSync(empty, { recursive: true, force: true });
    rmSync(full, { recursive: true, force: true });
  }
}

export function printQueuePage(r: QueuePageBench) {
  console.log(`open /3d, empty ledger: median ${Math.round(r.empty.medianMs)} ms (${r.empty.times.map(Math.round).join(', ')})`);
  console.log(`open /3d, ${r.tasks.toLocaleString('en')} tasks: median ${Math.round(r.full.medianMs)} ms (${r.full.times.map(Math.round).join(', ')})`);
  console.log(`ratio ${r.ratio.toFixed(2)} (goal: under 1.2)`);
}
