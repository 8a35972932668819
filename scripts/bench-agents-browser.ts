/**
 * Agents in real Chromium, on the built console (dist/) served by the BFF over its own sandbox:
 *   a. the task pool board (/agents/tasks) with 1,000 more tasks in the pool: navigation → every
 *      column drawn (the open column's first card shown)
 *   b. a message: click on "Send message" → "Message delivered" on the sender's page, and → the
 *      message shown in the recipient's inbox open in another browser context (it polls every 10 s)
 *   c. the topology of 500 agents (in 10 subnets, 5 orgs): navigation → every node drawn, and the
 *      longest main-thread task meanwhile (the layout runs in slices)
 * Everything is seeded through the console's API (/api/agentnet), as the page would.
 * `npx tsx scripts/bench.ts agents` (not part of `npm test`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunch } from '../e2e/fixtures/browser';
import { startConsole } from './console';

const ACTING_KEY = 'triptych-agentnet-acting-as';
type Stats = { median: number; p95: number; runs: number[] };
export type AgentsBrowserBench = {
  board: Stats & { tasks: number };
  sendDelivered: Stats;
  sendToInbox: Stats;
  topology: Stats & { agents: number; longestTaskMs: number[]; dataInMs: Stats; layoutMs: Stats };
  seedMs: number;
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((xs.length * p) / 100) - 1)] as number;
const stats = (runs: number[]): Stats => ({ median: Math.round(pct(runs, 50)), p95: Math.round(pct(runs, 95)), runs: runs.map(Math.round) });

/** The console's agent network API, as the page calls it (x-act-as picks an agent whose key the console holds). */
function api(url: string) {
  const call = async (as: string | null, method: string, path: string, json?: unknown) => {
    const res = await fetch(`${url}/api/agentnet/api/v1${path}`, {
      method,
      headers: { ...(as ? { 'x-act-as': as } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const advance = async (ms: number) => {
    const res = await fetch(`${url}/sandbox/__control/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
    if (!res.ok) throw new Error(`clock: ${res.status}`);
  };
  let joined = 0;
  /** Joins are limited to 5 a minute and 50 a day per address on the sandbox clock: the clock moves on. */
  const join = async (name: string, extra: Record<string, unknown> = {}) => {
    if (joined > 0 && joined % 50 === 0) await advance(24 * 3600_000 + 61_000);
    else if (joined > 0 && joined % 5 === 0) await advance(61_000);
    joined++;
    return (await call(null, 'POST', '/agents/join', { name, description: 'bench', tags: ['bench'], communication_policy: { mode: 'open' }, ...extra })).agent_id as string;
  };
  return { call, join, advance };
}

/** A browser context acting as `agentId` (the console remembers it per browser, in localStorage). */
async function contextActingAs(browser: Browser, agentId: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  if (agentId) await context.addInitScript(([key, id]) => localStorage.setItem(key as string, id as string), [ACTING_KEY, agentId]);
  return context;
}

async function boardOnce(browser: Browser, url: string) {
  const context = await contextActingAs(browser, null);
  const page = await context.newPage();
  const t = performance.now();
  await page.goto(`${url}/agents/tasks`);
  await page.waitForFunction(() => document.querySelectorAll('section[aria-label$=" tasks"] > ul').length === 7 && !!document.querySelector('section[aria-label="Open tasks"] li a'), null, { timeout: 60_000 });
  const ms = performance.now() - t;
  await context.close();
  return ms;
}

async function topologyOnce(browser: Browser, url: string, agents: number) {
  const context = await contextActingAs(browser, null);
  await context.addInitScript(() => {
    const w = window as unknown as { __longest: number };
    w.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const t = performance.now();
  await page.goto(`${url}/agents/topology`);
  await page.waitForFunction((n) => document.querySelectorAll('svg[data-layout="done"] a[data-kind="agent"] circle').length >= n, agents, { timeout: 120_000 });
  const ms = performance.now() - t;
  // BENCH_TOPOLOGY_SHOT=file.png keeps a picture of what was measured.
  if (process.env.BENCH_TOPOLOGY_SHOT) await page.locator('svg[data-layout="done"]').screenshot({ path: process.env.BENCH_TOPOLOGY_SHOT });
  // No functions declared inside: tsx would wrap them in a helper the page does not have.
  const { longest, data, laid } = await page.evaluate(() => ({
    longest: (window as unknown as { __longest: number }).__longest,
    data: performance.getEntriesByName('topology:data').at(-1)?.startTime ?? NaN,
    laid: performance.getEntriesByName('topology:laid').at(-1)?.startTime ?? NaN,
  }));
  const dataMs = data;
  const layoutMs = laid - data;
  await context.close();
  return { ms, longest, dataMs, layoutMs };
}

export async function measureAgentsBrowser(opts: { tasks?: number; agents?: number; runs?: number } = {}): Promise<AgentsBrowserBench> {
  const tasks = opts.tasks ?? 1000;
  const agentCount = opts.agents ?? 500;
  const runs = opts.runs ?? 5;
  if (!existsSync('dist/index.html')) {
    const build = spawnSync('npx', ['vite', 'build'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(build.stderr);
  }
  const server = await startConsole({ SANDBOX_CONTROL: '1' });
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const { call, join, advance } = api(server.url);
    const seedStart = performance.now();
    // 500 agents: the first 10 own a subnet each, every agent is a member of one, 5 orgs are bound to subnets.
    const ids: string[] = [];
    for (let i = 0; i < agentCount; i++) ids.push(await join(`Bench Agent ${i}`));
    const subnets: string[] = [];
    for (let s = 0; s < 10; s++) subnets.push(((await call(ids[s]!, 'POST', '/subnets', { name: `Bench Subnet ${s}`, join_policy: 'open' })) as { subnet_id: string }).subnet_id);
    for (let i = 10; i < agentCount; i++) await call(ids[i]!, 'POST', `/agents/${ids[i]}/subnets/${subnets[i % 10]}`, {});
    for (let o = 0; o < 5; o++) await call(ids[o * 2]!, 'POST', '/orgs', { display_name: `Bench Org ${o}`, subnet_id: subnets[o * 2] });
    // Two hours of silence take them all offline; then every other agent is back online.
    await advance(2 * 3600_000);
    for (let i = 0; i < agentCount; i += 2) await call(ids[i]!, 'POST', `/agents/${ids[i]}/heartbeat`, {});
    const creator = ids[0]!;
    for (let i = 0; i < tasks; i++) await call(creator, 'POST', '/tasks', { title: `Board task ${i}`, description: 'bench', tags: [`t${i % 7}`] });
    const sender = ids[1]!;
    const reader = ids[3]!;
    const seedMs = performance.now() - seedStart;

    // a. The board.
    await boardOnce(browser, server.url); // warm: the server's first requests
    const board: number[] = [];
    for (let i = 0; i < runs; i++) board.push(await boardOnce(browser, server.url));

    // b. A message: the sender's page and the recipient's inbox, in two browser contexts.
    const senderCtx = await contextActingAs(browser, sender);
    const readerCtx = await contextActingAs(browser, reader);
    const sendPage = await senderCtx.newPage();
    const inboxPage = await readerCtx.newPage();
    await sendPage.goto(`${server.url}/agents/messages`);
    await inboxPage.goto(`${server.url}/agents/messages`);
    const form = sendPage.getByRole('form', { name: 'Send a message' });
    const delivered: number[] = [];
    const inInbox: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const text = `Bench message ${i} ${Date.now()}`;
      await form.getByRole('textbox', { name: 'To (agent id)' }).fill(reader);
      await form.getByRole('textbox', { name: 'Message' }).fill(text);
      const shown = inboxPage.getByRole('article', { name: `Message from ${sender}` }).filter({ hasText: text });
      const t = performance.now();
      await form.getByRole('button', { name: 'Send message' }).click();
      const [d, v] = await Promise.all([
        form
          .getByText(/^Message (delivered|queued)\.$/)
          .waitFor({ timeout: 30_000 })
          .then(() => performance.now() - t),
        shown.waitFor({ timeout: 30_000 }).then(() => performance.now() - t),
      ]);
      if (i > 0) {
        delivered.push(d);
        inInbox.push(v);
      }
      // The next message's confirmation is a new one.
      await sendPage.reload();
    }
    await senderCtx.close();
    await readerCtx.close();

    // c. The topology.
    await topologyOnce(browser, server.url, agentCount);
    const topo: number[] = [];
    const longest: number[] = [];
    const dataIn: number[] = [];
    const layout: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await topologyOnce(browser, server.url, agentCount);
      topo.push(r.ms);
      longest.push(Math.round(r.longest));
      dataIn.push(r.dataMs);
      layout.push(r.layoutMs);
    }
    return {
      board: { ...stats(board), tasks },
      sendDelivered: stats(delivered),
      sendToInbox: stats(inInbox),
      topology: { ...stats(topo), agents: agentCount, longestTaskMs: longest, dataInMs: stats(dataIn), layoutMs: stats(layout) },
      seedMs: Math.round(seedMs),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export function printAgentsBrowser(r: AgentsBrowserBench) {
  const line = (label: string, s: Stats) => console.log(`  ${label.padEnd(52)} median ${s.median} ms  p95 ${s.p95} ms  (${s.runs.join(', ')})`);
  console.log(`  seeded through the console's API in ${r.seedMs} ms (${r.topology.agents} agents, 10 subnets, 5 orgs, ${r.board.tasks} tasks)`);
  line(`task board, ${r.board.tasks} tasks in the pool: open → drawn`, r.board);
  line('message: click Send → "Message delivered"', r.sendDelivered);
  line("message: click Send → in the recipient's open inbox", r.sendToInbox);
  line(`topology, ${r.topology.agents} agents: open → every node drawn`, r.topology);
  line('  of which: page start → all data in', r.topology.dataInMs);
  line('  of which: force layout (d3-force, in slices)', r.topology.layoutMs);
  console.log(`  longest main-thread task while the topology opens: ${r.topology.longestTaskMs.join(', ')} ms`);
}
