import type { APIRequestContext, Page } from '@playwright/test';
import { axeProblems } from './fixtures/axe';
import { expect, test } from './fixtures/test';

/**
 * Every page of the console, at a phone's 390 px and a desktop's 1440 px, in both themes: no
 * console error (the 404 line of a record that is not there excepted, on its not-found page),
 * no deprecation warning, no horizontal scroll of the page or of its main area, and axe's
 * WCAG 2.1 A/AA checks. Records to open are made or found through the console's own API, once.
 * Each page is loaded once per width in the light theme and checked, then switched to the dark
 * theme by the shell's own theme button (as an operator would) and checked again: sideways scroll
 * and axe's colour rules (the dark theme changes colours and nothing else, which
 * scripts/dark-theme.test.ts holds; the other rules' verdicts are the light pass's).
 */

// The browser's own line for a 404 answer; each visit below allows it on not-found pages only.
// The areas and widths run side by side on the workers (each with its own console and records).
test.describe.configure({ mode: 'parallel' });

test.use({ allowedConsoleErrors: /^Failed to load resource: the server responded with a status of 404/ });

type Visit = { path: string; heading: RegExp | string; notFound?: boolean };

async function gen3dRecords(request: APIRequestContext) {
  const created = await request.post('/api/gen3d/openapi/v2/text-to-3d', {
    data: { mode: 'preview', prompt: 'a brass compass for every page', ai_model: 'model-5' },
  });
  const taskId = ((await created.json()) as { result: string }).result;
  await expect
    .poll(async () => ((await (await request.get(`/api/ledger/gen3d/tasks/${taskId}`)).json()) as { task: { status: string } }).task.status, {
      timeout: 60_000,
    })
    .toBe('SUCCEEDED');
  return { taskId };
}

async function socialRecords(request: APIRequestContext) {
  const search = (await (await request.get(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('lang:en')}&limit=1`)).json()) as {
    tweets: Array<{ id: string; author: { username: string } }>;
  };
  const post = search.tweets[0];
  if (!post) throw new Error('the sandbox has no post to open');
  const job = (await (
    await request.post('/api/social/api/v1/extractions', { data: { toolType: 'follower_explorer', targetUsername: post.author.username, resultsLimit: 50 } })
  ).json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/social/api/v1/extractions/${job.id}?limit=1`)).json()) as { job: { status: string } }).job.status, {
      timeout: 60_000,
    })
    .toBe('completed');
  const replied = (await (await request.get(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('lang:en')}&limit=100`)).json()) as {
    tweets: Array<{ id: string; replyCount: number }>;
  };
  const giveaway = replied.tweets.find((t) => t.replyCount > 0 && t.replyCount < 200) ?? post;
  const draw = (await (await request.post('/api/social/api/v1/draws', { data: { tweetUrl: giveaway.id, winnerCount: 1 } })).json()) as { id: string };
  return { postId: post.id, user: post.author.username, jobId: job.id, drawId: draw.id };
}

async function agentRecords(request: APIRequestContext) {
  const directory = (await (await request.get('/api/agentnet/api/v1/agents?status=all&limit=1')).json()) as {
    agents: Array<{ agent_id?: string; id?: string }>;
  };
  const agent = directory.agents[0];
  if (!agent) throw new Error('the sandbox has no agent to open');
  return { agentId: agent.agent_id ?? agent.id ?? '' };
}

/** Each area's pages, with the records it opens (made once and shared by both widths). */
const areas = {
  '3D': {
    records: gen3dRecords,
    visits: (r: Awaited<ReturnType<typeof gen3dRecords>>): Visit[] => [
      { path: '/3d', heading: '3D tasks' },
      { path: '/3d?prompt=%22a%20lamp%22', heading: '3D tasks' },
      { path: '/3d/credits', heading: '3D credits' },
      { path: '/3d/inspect', heading: 'Inspect a GLB' },
      { path: '/3d/compare', heading: 'Compare two models' },
      { path: `/3d/compare?a=${r.taskId}&b=${r.taskId}`, heading: 'Compare two models' },
      { path: `/3d/tasks/${r.taskId}`, heading: 'a brass compass for every page' },
      { path: '/3d/tasks/no-such-task', heading: 'Task not found', notFound: true },
      { path: '/3d?state=SUCCEEDED&type=text-to-3d-preview&q=compass', heading: '3D tasks' },
    ],
  },
  '3D new-task': {
    records: gen3dRecords,
    visits: (r: Awaited<ReturnType<typeof gen3dRecords>>): Visit[] => [
      { path: '/3d/new', heading: 'New 3D task' },
      ...[
        'image-to-3d',
        'multi-image-to-3d',
        'retexture',
        'remesh',
        'convert',
        'resize',
        'uv-unwrap',
        'rigging',
        'animation',
        'text-to-motion',
        'text-to-image',
        'image-to-image',
        'prototype',
        'build',
        'print-analyze',
        'print-repair',
        'print-multi-color',
      ].map((k) => ({ path: `/3d/new/${k}`, heading: /.+/ })),
      { path: `/3d/new/remesh?from=${r.taskId}`, heading: 'Remesh' },
      { path: '/3d/new/no-such-type', heading: 'Task type not found', notFound: true },
    ],
  },
  social: {
    records: socialRecords,
    visits: (r: Awaited<ReturnType<typeof socialRecords>>): Visit[] => [
      { path: '/social', heading: 'Social' },
      { path: `/social?q=${encodeURIComponent('"coffee"')}`, heading: 'Social' },
      { path: '/social/people?q=engineer', heading: 'People' },
      { path: '/social/trends', heading: 'Trends' },
      { path: `/social/posts/${r.postId}`, heading: /^Post by / },
      { path: `/social/users/${r.user}`, heading: new RegExp(`@${r.user}`) },
      { path: '/social/posts/12ab', heading: 'Post not found', notFound: true },
      { path: '/social/extractions', heading: 'Extractions' },
      { path: `/social/extractions/${r.jobId}`, heading: /^Followers of a user/ },
      { path: '/social/extractions/no-such-job', heading: 'Extraction not found', notFound: true },
      { path: '/social/draws', heading: 'Draws' },
      { path: `/social/draws/${r.drawId}`, heading: /^Draw/ },
      { path: '/social/monitors', heading: 'Monitors and events' },
      { path: '/social/webhooks', heading: 'Webhooks' },
      { path: '/social/compose', heading: 'Post and message' },
      { path: '/social/lookup', heading: 'Lookup and radar' },
    ],
  },
  'agents, connections, spend and the rest': {
    records: agentRecords,
    visits: (r: Awaited<ReturnType<typeof agentRecords>>): Visit[] => [
      { path: '/agents', heading: 'Agents' },
      { path: '/agents/join', heading: 'Join an agent' },
      { path: `/agents/${r.agentId}`, heading: /.+/ },
      { path: '/agents/no-such-agent', heading: 'Agent not found', notFound: true },
      { path: '/agents/subnets', heading: 'Subnets' },
      { path: '/agents/subnets/data-works', heading: /.+/ },
      { path: '/agents/orgs', heading: 'Organizations' },
      { path: '/agents/orgs/org_translators', heading: 'Translators Collective' },
      { path: '/agents/tasks', heading: 'Task pool' },
      { path: '/agents/tasks/task_seed01', heading: /.+/ },
      { path: '/agents/messages', heading: 'Messages' },
      { path: '/agents/payments', heading: 'Payments' },
      { path: '/agents/events', heading: 'Subnet events' },
      { path: '/agents/a2a', heading: 'A2A check' },
      { path: '/agents/topology', heading: 'Topology' },
      { path: '/no/such/page', heading: 'Page not found', notFound: true },
      { path: '/connections', heading: 'Connections' },
      { path: '/spend', heading: 'Spend' },
    ],
  },
};

/** What one theme of a loaded page must pass: no sideways scroll, no axe violation. */
async function inspect(page: Page, label: string, only?: 'colour rules') {
  const overflow = await page.evaluate(() => {
    const doc = document.scrollingElement as HTMLElement;
    const main = document.getElementById('main') as HTMLElement;
    return { page: doc.scrollWidth - window.innerWidth, main: main.scrollWidth - main.clientWidth };
  });
  expect(overflow.page, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  expect(overflow.main, `${label}: the main area scrolls sideways`).toBeLessThanOrEqual(0);
  const problems = await axeProblems(page, label, only);
  expect(problems, problems.join('\n')).toEqual([]);
}

async function check(page: Page, visit: Visit, logged: string[]) {
  logged.length = 0;
  await page.goto(visit.path);
  await expect(page.getByRole('heading', { level: 1, name: visit.heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await inspect(page, `${visit.path} (light)`);
  // The shell's theme button (in the closed menu on a phone, so pressed where it stands).
  await page.locator('button[aria-label="Switch to dark theme"]').dispatchEvent('click');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('button[aria-label="Switch to light theme"]')).toBeAttached();
  await inspect(page, `${visit.path} (dark)`, 'colour rules');
  const errors = logged.filter((m) => !(visit.notFound && /^error: Failed to load resource: the server responded with a status of 404/.test(m)));
  expect(errors, `${visit.path}: console`).toEqual([]);
}

/** Each kind of record is made once per worker, whichever area asks first. */
const made = new Map<unknown, Promise<unknown>>();

for (const [area, { records, visits }] of Object.entries(areas) as Array<
  [string, { records: (r: APIRequestContext) => Promise<unknown>; visits: (r: never) => Visit[] }]
>) {
  for (const width of [390, 1440]) {
    test(`every ${area} page works at ${width} px in the light and dark themes`, async ({ page, request }) => {
      test.setTimeout(480_000);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript(() => localStorage.setItem('triptych-theme', 'light'));
      const logged: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || (m.type() === 'warning' && /deprecat/i.test(m.text()))) logged.push(`${m.type()}: ${m.text()}`);
      });
      if (!made.has(records)) made.set(records, records(request));
      for (const visit of visits((await made.get(records)) as never)) await check(page, visit, logged);
    });
  }
}
