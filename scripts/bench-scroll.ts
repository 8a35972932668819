/**
 * Scrolling benchmark of the social search list: loads at least 5,000 posts into the virtualized
 * list (100 a page, by scrolling to its end again and again), then scrolls the whole list top to
 * bottom at a steady pace while the page records every frame's time with requestAnimationFrame.
 *
 *   npx tsx scripts/bench-scroll.ts http://127.0.0.1:PORT   (a running console)
 *   npx tsx scripts/bench-scroll.ts                          (starts one on the built dist/)
 *
 * `measureScroll` answers the whole-list figures (posts, frames, longFrames, p95FrameMs, maxFrameMs)
 * and, for context, the same at a reader's fast pace and a floor: the whole-list scroll again with
 * every row hidden (what the harness, React and the virtualizer cost before any card is drawn).
 * BENCH_HISTOGRAM=1 prints every frame time.
 *
 * Chromium here renders in software on 2 cores: compare figures with the floor and between changes;
 * they are not what a desktop GPU shows.
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../e2e/fixtures/browser';
import { withConsole } from './console';

export type ScrollResult = { posts: number; frames: number; longFrames: number; p95FrameMs: number; maxFrameMs: number };

const TARGET_POSTS = 5000;
const READING_PX_PER_S = 2000;
/**
 * A frame is long when it missed the 60 Hz budget (16.7 ms): its time to the next frame is
 * above 20 ms (one vsync plus jitter; a frame on time measures 16.6 to 16.8 ms).
 */
const LONG_FRAME_MS = 20;
const SCROLL_MS = 8000;
/** Every post of the corpus since 2020: a broad search with thousands of pages behind it. */
const QUERY = 'since:2020-01-01';

/**
 * Runs in the page (as text: the bundler's helpers do not exist there). Each frame sets the scroll
 * position from the time elapsed, so the pace is steady whatever the frame rate.
 */
const STEADY_SCROLL = `new Promise((resolve) => {
  const el = document.querySelector('[data-bench-scroller]');
  const max = Math.min(el.scrollHeight - el.clientHeight, DISTANCE);
  const deltas = [];
  let rows = 0, first = 0, last = 0;
  function frame(t) {
    if (!first) first = t; else deltas.push(t - last);
    last = t;
    const p = Math.min(1, (t - first) / DURATION);
    el.scrollTop = p * max;
    rows = Math.max(rows, el.querySelectorAll('article').length);
    if (p < 1) requestAnimationFrame(frame); else resolve({ deltas, rowsInDom: rows });
  }
  requestAnimationFrame(frame);
})`;

type FrameStats = Omit<ScrollResult, 'posts'>;
function frameStats(deltas: number[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  if (process.env.BENCH_HISTOGRAM) console.log(deltas.map((d) => Math.round(d)).join(' '));
  return { frames: deltas.length, longFrames: deltas.filter((d) => d > LONG_FRAME_MS).length, p95FrameMs: round(p95), maxFrameMs: round(sorted.at(-1) ?? 0) };
}

/** The highest position loaded so far (the rows near the end of the list carry it). */
const loadedCount = (page: Page): Promise<number> =>
  page.evaluate(`Math.max(0, ...[...document.querySelectorAll('[role=feed] > article')].map((a) => Number(a.getAttribute('aria-posinset'))))`);

export type ScrollReport = ScrollResult & {
  rowsInDom: number;
  pageLoads: number;
  loadSeconds: number;
  /** 2,000 px/s for 4 s: a reader's fast scroll. */
  reading: FrameStats & { rowsInDom: number };
  /** The whole-list scroll again with every row hidden: what the list costs before any card. */
  floor: FrameStats & { rowsInDom: number };
};

export async function measureScroll(baseUrl: string): Promise<ScrollReport> {
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    let pageLoads = 0;
    page.on('response', (r) => {
      if (r.url().includes('/x/tweets/search') && r.ok()) pageLoads++;
    });
    const url = new URL('/social', baseUrl);
    url.searchParams.set('q', JSON.stringify(QUERY));
    url.searchParams.set('limit', '100');
    await page.goto(url.toString());
    const feed = page.getByRole('feed');
    await feed.getByRole('article').first().waitFor({ timeout: 60_000 });
    const scroller = feed.locator('xpath=..');

    // Load pages by scrolling to the end until enough posts are in the list.
    const started = Date.now();
    let posts = 0;
    for (let stalls = 0; posts < TARGET_POSTS && stalls < 50;) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      const before = posts;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        await page.waitForTimeout(50);
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        posts = await loadedCount(page);
        if (posts > before) break;
      }
      if (posts <= before) stalls++;
      if (await scroller.getByRole('status').filter({ hasText: 'End of the list' }).isVisible()) break;
    }
    const loadSeconds = (Date.now() - started) / 1000;

    // Back to the top, let it settle, then scroll to the bottom at a steady pace, timing frames.
    await scroller.evaluate((el) => el.scrollTo(0, 0));
    await page.waitForTimeout(1000);
    await scroller.evaluate((el) => el.setAttribute('data-bench-scroller', ''));
    const scroll = async (durationMs: number, distance: number) => {
      await scroller.evaluate((el) => el.scrollTo(0, 0));
      await page.waitForTimeout(1000);
      const script = STEADY_SCROLL.replace('DURATION', String(durationMs)).replace('DISTANCE', String(distance));
      const { deltas, rowsInDom } = (await page.evaluate(script)) as { deltas: number[]; rowsInDom: number };
      return { ...frameStats(deltas), rowsInDom };
    };
    const whole = await scroll(SCROLL_MS, Number.MAX_SAFE_INTEGER);
    // A reader's fast scroll (about three screens a second) over the first part of the list.
    const reading = await scroll(4000, READING_PX_PER_S * 4);
    // The floor: the same whole-list scroll with every row hidden (virtualizer, React, harness only).
    await page.addStyleTag({ content: '[role=feed] article { visibility: hidden !important; }' });
    const floor = await scroll(SCROLL_MS, Number.MAX_SAFE_INTEGER);
    return { posts, ...whole, pageLoads, loadSeconds: Math.round(loadSeconds * 10) / 10, reading, floor };
  } finally {
    await browser.close();
  }
}

/** Prints a report the way `npm run bench` shows it. */
export function printScroll(r: ScrollReport) {
  const line = (s: FrameStats) =>
    `${s.frames} frames, ${s.longFrames} over 16.7 ms, i.e. > ${LONG_FRAME_MS} ms (${((100 * s.longFrames) / Math.max(1, s.frames)).toFixed(0)} %), p95 ${s.p95FrameMs} ms, max ${s.maxFrameMs} ms`;
  console.log(`social search list: ${r.posts.toLocaleString('en-US')} posts loaded in ${r.pageLoads} pages (${r.loadSeconds} s)`);
  console.log(`whole list top to bottom in ${SCROLL_MS / 1000} s: ${line(r)}; at most ${r.rowsInDom} rows in the DOM`);
  console.log(`reading pace (${READING_PX_PER_S} px/s for 4 s): ${line(r.reading)}`);
  console.log(`floor (the whole-list scroll with rows hidden): ${line(r.floor)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const given = process.argv[2];
  printScroll(given ? await measureScroll(given) : await withConsole({}, measureScroll));
}
