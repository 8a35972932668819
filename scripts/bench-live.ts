/**
 * Live updates of the 3D queue, measured in Chromium against the built console on the sandbox at
 * SANDBOX_SPEED=20 (a preview takes about 1 s of sandbox work):
 *   - upstream requests per task with 1 and with 5 tabs open on the queue (from the sandbox's
 *     request log: the create, the watcher's stream or polls, and the archive's file copies);
 *   - time from the "Queue preview" click to the row in the queue, to its first progress update
 *     and to SUCCEEDED, in the tab that queued it and in the other tabs;
 *   - time from SUCCEEDED shown on the task page to the model drawn in the viewer.
 *
 *   npx tsx scripts/bench-live.ts     (starts a console on the built dist/)
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunch } from '../e2e/fixtures/browser';
import { QueuePage } from '../e2e/pages/queue-page';
import { TaskPage } from '../e2e/pages/task-page';
import { withConsole } from './console';

type TabTimes = { rowMs: number; progressMs: number; succeededMs: number };
export type LiveRun = { tabs: number; requests: { total: number; create: number; watch: number; files: number }; queuing: TabTimes; others: TabTimes[] };
export type LiveReport = { runs: LiveRun[]; drawnAfterSucceededMs: number[]; coveredShare: number };

/**
 * Runs in each page (as text: the bundler's helpers do not exist there). Polls every frame for the
 * queue row of PROMPT and records, as wall-clock times, when it appears, when its progress bar
 * first shows more than 0 and when it says Succeeded. It ends with `undefined` so that evaluating
 * it returns at once instead of awaiting the promise.
 */
const WATCH_ROW = `window.__benchRow = new Promise((resolve) => {
  const seen = { row: 0, progress: 0, succeeded: 0 };
  const deadline = Date.now() + 60000;
  function frame() {
    const link = [...document.querySelectorAll('table[aria-label="Task queue"] a')].find((a) => a.textContent === PROMPT);
    const row = link && link.closest('tr');
    if (row) {
      const now = Date.now();
      if (!seen.row) seen.row = now;
      const bar = row.querySelector('[role=progressbar]');
      if (!seen.progress && bar && Number(bar.getAttribute('aria-valuenow')) > 0) seen.progress = now;
      if (row.textContent.includes('Succeeded')) {
        seen.succeeded = now;
        if (!seen.progress) seen.progress = now;
        return resolve({ ...seen, href: link.getAttribute('href') });
      }
    }
    if (Date.now() > deadline) return resolve({ ...seen, href: null });
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}); undefined`;

/** Runs in the task page: when the status says Succeeded, and when the viewer has drawn the model. */
const WATCH_VIEWER = `new Promise((resolve) => {
  let succeeded = 0;
  const deadline = Date.now() + 60000;
  function frame() {
    const status = document.querySelector('[role=status][aria-label="Task status"]');
    if (!succeeded && status && status.textContent.trim() === 'Succeeded') succeeded = Date.now();
    const viewer = window.__e2e && window.__e2e.viewer;
    if (succeeded && viewer && viewer.status === 'ready' && viewer.frames > 0) return resolve({ succeeded, drawn: Date.now() });
    if (Date.now() > deadline) return resolve({ succeeded, drawn: 0 });
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})`;

const unique = (text: string) => `${text} ${Math.random().toString(36).slice(2, 7)}`;

/** Queues a preview from the form; answers when the click happened, by the page's clock. */
async function queueTimed(queue: QueuePage, prompt: string): Promise<number> {
  const button = queue.form.getByRole('button', { name: 'Queue preview' });
  await button.evaluate((el) => el.addEventListener('click', () => ((window as unknown as { __benchClick: number }).__benchClick = Date.now()), { once: true, capture: true }));
  await queue.queuePreview(prompt);
  return queue.page.evaluate(() => (window as unknown as { __benchClick: number }).__benchClick);
}

type LoggedRequest = { at: number; method: string; path: string };
async function upstreamRequests(url: string, since: number): Promise<LoggedRequest[]> {
  const r = await fetch(new URL('/sandbox/__control/gen3d/requests', url));
  const body = (await r.json()) as { requests: LoggedRequest[] };
  return body.requests.filter((q) => q.at >= since);
}

async function measureTabs(browser: Browser, url: string, tabs: number): Promise<LiveRun> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1400, height: 900 } });
  try {
    const queues: QueuePage[] = [];
    for (let i = 0; i < tabs; i++) {
      const queue = new QueuePage(await context.newPage());
      await queue.goto();
      queues.push(queue);
    }
    const pages = queues.map((q) => q.page);
    await new Promise((r) => setTimeout(r, 500)); // every tab's event stream is open
    const since = Date.now();
    const prompt = unique('a green ceramic vase');
    for (const page of pages) await page.evaluate(WATCH_ROW.replace('PROMPT', JSON.stringify(prompt)));
    // The operator clicks in the tab in front; the others stay open behind it.
    const queuing = queues[0] as QueuePage;
    await queuing.page.bringToFront();
    const clicked = await queueTimed(queuing, prompt);
    const seen = await Promise.all(pages.map((p) => p.evaluate('window.__benchRow') as Promise<{ row: number; progress: number; succeeded: number; href: string | null }>));
    const id = seen[0]?.href?.split('/').pop();
    if (!id || seen.some((s) => !s.succeeded)) throw new Error(`the task did not succeed in every tab: ${JSON.stringify(seen)}`);
    // The archive copies the files right after SUCCEEDED; give it time to finish before counting.
    await new Promise((r) => setTimeout(r, 2000));
    const log = await upstreamRequests(url, since);
    const create = log.filter((q) => q.method === 'POST' && q.path.endsWith('/openapi/v2/text-to-3d')).length;
    const forTask = log.filter((q) => q.path.includes(id));
    const files = forTask.filter((q) => q.path.includes('/files/')).length;
    const times = (s: { row: number; progress: number; succeeded: number }): TabTimes => ({ rowMs: s.row - clicked, progressMs: s.progress - clicked, succeededMs: s.succeeded - clicked });
    return {
      tabs,
      requests: { total: create + forTask.length, create, watch: forTask.length - files, files },
      queuing: times(seen[0] as (typeof seen)[0]),
      others: seen.slice(1).map(times),
    };
  } finally {
    await context.close();
  }
}

async function measureDrawn(browser: Browser, url: string): Promise<{ ms: number; covered: number }> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1400, height: 900 } });
  try {
    const queue = new QueuePage(await context.newPage());
    await queue.goto();
    const prompt = unique('a wooden rocking horse');
    await queue.queuePreview(prompt);
    // Open the task page while the task runs; the page follows it live and loads the model at SUCCEEDED.
    await queue.open(prompt);
    await queue.page.getByRole('heading', { name: prompt, level: 1 }).waitFor();
    const { succeeded, drawn } = (await queue.page.evaluate(WATCH_VIEWER)) as { succeeded: number; drawn: number };
    if (!drawn) throw new Error('the model was not drawn within 60 s of opening the task page');
    const { covered } = await new TaskPage(queue.page).canvasPixels();
    return { ms: drawn - succeeded, covered };
  } finally {
    await context.close();
  }
}

/** Three runs with 1 tab and three with 5 tabs, then three task pages from SUCCEEDED to drawn. */
export async function measureLive(url: string): Promise<LiveReport> {
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const runs: LiveRun[] = [];
    for (const tabs of [1, 5]) for (let i = 0; i < 3; i++) runs.push(await measureTabs(browser, url, tabs));
    const drawn: number[] = [];
    let coveredShare = 1;
    for (let i = 0; i < 3; i++) {
      const d = await measureDrawn(browser, url);
      drawn.push(d.ms);
      coveredShare = Math.min(coveredShare, d.covered);
    }
    return { runs, drawnAfterSucceededMs: drawn, coveredShare };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function printLive(r: LiveReport) {
  for (const tabs of [1, 5]) {
    const runs = r.runs.filter((x) => x.tabs === tabs);
    const req = runs.map((x) => x.requests);
    console.log(
      `${tabs} tab${tabs > 1 ? 's' : ''} open: upstream requests per task ${req.map((q) => q.total).join(', ')} ` +
        `(create ${req.map((q) => q.create).join('/')}, watch ${req.map((q) => q.watch).join('/')}, file copies ${req.map((q) => q.files).join('/')})`,
    );
    const med = (pick: (t: TabTimes) => number) => median(runs.map((x) => pick(x.queuing)));
    console.log(`  queuing tab, from the click (median of ${runs.length}): row shown ${med((t) => t.rowMs)} ms, first progress ${med((t) => t.progressMs)} ms, Succeeded ${med((t) => t.succeededMs)} ms`);
    const others = runs.flatMap((x) => x.others);
    if (others.length) {
      const omed = (pick: (t: TabTimes) => number) => median(others.map(pick));
      console.log(`  the other ${tabs - 1} tabs (median of ${others.length}): row shown ${omed((t) => t.rowMs)} ms, first progress ${omed((t) => t.progressMs)} ms, Succeeded ${omed((t) => t.succeededMs)} ms`);
    }
  }
  console.log(`task page, SUCCEEDED shown → model drawn: ${r.drawnAfterSucceededMs.join(', ')} ms (median ${median(r.drawnAfterSucceededMs)} ms); model covers ≥ ${(r.coveredShare * 100).toFixed(0)} % of the canvas`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printLive(await withConsole({ SANDBOX_SPEED: '20', SANDBOX_CONTROL: '1' }, measureLive));
}
