import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { getCorpus } from '../src/sandbox/social/engine/corpus';
import { expect, test } from './fixtures/test';

/**
 * The social workflows through the console, on the sandbox: an extraction estimated, run, its rows
 * in the table and exported (CSV and XLSX read back); a webhook to the console with its secret
 * shown once and a test delivery in its log; a monitor whose events arrive live, verified; a draw
 * with winners; an account write asked first; a webhook and a monitor changed; a running job's
 * progress, and its notice on a page outside the social pages.
 */

type Post = { id: string; replyCount: number; author: { username: string; followers: number } };

async function posts(request: APIRequestContext, q = 'lang:en'): Promise<Post[]> {
  const res = await request.get(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent(q)}&limit=100`);
  return ((await res.json()) as { tweets: Post[] }).tweets;
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) as string) };
}

test('an extraction is estimated, run, its rows shown, and exported as CSV and XLSX that read back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = (await posts(request)).map((p) => p.author).find((a) => a.followers >= 300);
  if (!user) throw new Error('no user with 300 followers in the sandbox');
  await page.goto('/social/extractions');
  await expect(page.getByRole('heading', { level: 1, name: 'Extractions' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New extraction' });
  await form.getByLabel('Tool').selectOption('follower_explorer');

  // Bad input is refused beside its field, and nothing is estimated.
  await form.getByRole('button', { name: 'Estimate' }).click();
  await expect(form.getByText('User name is required for this tool.')).toBeVisible();
  await expect(form.getByLabel('User name')).toBeFocused();

  await form.getByLabel('User name').fill(`@${user.username}`);
  await form.getByLabel('Results limit').fill('250');
  await form.getByRole('button', { name: 'Estimate' }).click();
  const estimate = page.getByRole('region', { name: 'Estimate' });
  await expect(estimate.getByText('Results expected')).toBeVisible();
  await expect(estimate.locator('dd').first()).toHaveText('250');
  await expect(estimate.getByText('Balance after')).toBeVisible();
  await expect(estimate.getByRole('img', { name: /Credits: available, required/ })).toBeVisible();

  await estimate.getByRole('button', { name: /^Run for \d+ credits$/ }).click();
  await expect(page).toHaveURL(/\/social\/extractions\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Followers of a user/ })).toBeVisible();
  await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table', { name: 'Rows of the job' });
  await expect(table).toBeVisible();
  await expect(page.getByText('250 rows', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').nth(1).getByRole('link').first()).toHaveText(/^@\w+$/);

  // Sorting by followers (most first) and filtering the loaded rows.
  await table.getByRole('button', { name: 'Followers' }).click();
  await expect(table.getByRole('columnheader', { name: /Followers/ })).toHaveAttribute('aria-sort', 'descending');

  // Scrolled to the end and back, the table shows the right rows in order, and the row holding the
  // focus keeps it (its elements are not handed to another row while it is out of view).
  const followersAt = async (rowIndex: number) => Number((await table.locator(`[role=row][aria-rowindex="${rowIndex}"] [role=cell]`).nth(2).textContent())?.replace(/\D/g, ''));
  const firstUser = table.locator('[role=row][aria-rowindex="2"]').getByRole('link');
  const firstName = await firstUser.textContent();
  const most = await followersAt(2);
  await firstUser.focus();
  const scroller = page.getByTestId('results-scroll');
  await scroller.scrollIntoViewIfNeeded();
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(table.locator('[role=row][aria-rowindex="251"]')).toBeInViewport();
  expect(await followersAt(251)).toBeLessThanOrEqual(most);
  await expect(page.locator(':focus')).toHaveText(firstName ?? '');
  await scroller.evaluate((el) => el.scrollTo(0, 0));
  await expect(firstUser).toBeInViewport();
  await expect(firstUser).toBeFocused();
  await expect(firstUser).toHaveText(firstName ?? '');
  expect(await followersAt(3)).toBeLessThanOrEqual(most);
  await page.getByRole('checkbox', { name: 'Verified only' }).check();
  await expect(page.getByText(/^\d+ of 250 rows$/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Verified only' }).uncheck();

  const csv = await download(page, 'Download CSV');
  expect(csv.name).toMatch(/\.csv$/);
  const rows = parse(csv.bytes, { columns: true, bom: true }) as Array<Record<string, string>>;
  expect(rows).toHaveLength(250);
  expect(rows[0]).toHaveProperty('xUsername');
  await expect(page.getByRole('status').filter({ hasText: `Saved ${csv.name}` })).toBeVisible();

  await page.getByRole('radio', { name: 'Excel (XLSX)' }).check();
  const xlsx = await download(page, 'Download Excel (XLSX)');
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.actualRowCount).toBe(251);
  const usernames = new Set(rows.map((r) => r.xUsername));
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const col = header.indexOf('xUsername');
  expect(col).toBeGreaterThan(0);
  expect(usernames.has(String(sheet.getRow(2).getCell(col).value))).toBe(true);

  // The job is in the list, completed, with its rows.
  await page.getByRole('link', { name: '← All jobs' }).click();
  const jobs = page.getByRole('list', { name: 'Extraction jobs' });
  await expect(jobs.getByRole('listitem').first()).toContainText('completed');
  await expect(jobs.getByRole('listitem').first()).toContainText('250');
});

test('a webhook to the console shows its secret once, and a test delivery is in its log and the live feed', async ({ page }) => {
  await page.goto('/social/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByRole('button', { name: 'Register webhook' }).click();
  const secret = page.getByRole('region', { name: 'Signing secret' });
  await expect(secret.getByLabel('Secret')).toHaveValue(/.{16,}/);
  await secret.getByRole('button', { name: 'I have it: hide it' }).click();
  await expect(secret).toBeHidden();

  const hook = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: 'This console' }).first();
  await hook.getByRole('button', { name: 'Send a test' }).click();
  await expect(hook.getByText(/^Test delivery: delivered \(200\)$/)).toBeVisible();
  await hook.getByRole('button', { name: 'Deliveries' }).click();
  const log = hook.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByRole('listitem').first()).toContainText('webhook.test');
  await expect(log.getByRole('listitem').first()).toContainText('delivered');
  await expect(log.getByRole('listitem').first()).toContainText('last status 200');

  const feed = page.getByRole('list', { name: 'Live feed' });
  await expect(feed.getByRole('listitem').filter({ hasText: 'webhook.test' }).first()).toContainText('verified');
});

test('a webhook is changed: another URL checked before it is sent, its event types, and turned off', async ({ page }) => {
  await page.goto('/social/webhooks');
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByRole('radio', { name: 'Another URL' }).check();
  await form.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/first-hook');
  await form.getByRole('button', { name: 'Register webhook' }).click();
  await page.getByRole('region', { name: 'Signing secret' }).getByRole('button', { name: 'I have it: hide it' }).click();

  const hook = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: 'http://127.0.0.1:9/first-hook' }).first();
  await hook.getByRole('button', { name: 'Edit' }).click();
  const edit = hook.getByRole('form', { name: 'Edit webhook' });
  await edit.getByRole('textbox', { name: 'URL' }).fill('not a url');
  await edit.getByRole('button', { name: 'Save webhook' }).click();
  await expect(edit.getByText(/must be a complete http\(s\) URL/)).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'URL' })).toBeFocused();

  await edit.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/moved-hook');
  await edit.getByRole('checkbox', { name: 'tweet.quote' }).check();
  await edit.getByRole('checkbox', { name: 'On: the service delivers events to it' }).uncheck();
  await edit.getByRole('button', { name: 'Save webhook' }).click();
  const moved = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: 'http://127.0.0.1:9/moved-hook' }).first();
  await expect(moved.getByText('Webhook saved.')).toBeVisible();
  await expect(moved).toContainText('tweet.quote');
  await expect(moved).toContainText('off');
  await expect(page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: 'http://127.0.0.1:9/first-hook' })).toHaveCount(0);

  // After a reload it is still so: the service holds the change.
  await page.reload();
  const again = page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: 'http://127.0.0.1:9/moved-hook' }).first();
  await expect(again).toContainText('tweet.quote');
  await expect(again).toContainText('off');
});

test.describe(() => {
  // The refusal is a 400 answer the browser logs; the form says why.
  test.use({ allowedConsoleErrors: /status of 400 \(Bad Request\)/ });
  test('a webhook to an address the sandbox may not deliver to is refused when it is registered, with the reason', async ({ page }) => {
    await page.goto('/social/webhooks');
    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByRole('radio', { name: 'Another URL' }).check();
    await form.getByRole('textbox', { name: 'URL' }).fill('http://10.1.2.3/hook');
    await form.getByRole('button', { name: 'Register webhook' }).click();
    await expect(page.getByRole('alert')).toContainText('This sandbox cannot deliver to http://10.1.2.3/hook');
    await expect(page.getByRole('alert')).toContainText('a private network address, which this console is not set to reach');
    await expect(page.getByRole('region', { name: 'Signing secret' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Webhooks' }).getByRole('listitem').filter({ hasText: '10.1.2.3' })).toHaveCount(0);
  });
});

test.describe(() => {
  // The duplicate is a 409 answer the browser logs; the page explains it.
  test.use({ allowedConsoleErrors: /status of 409 \(Conflict\)/ });
  test('a monitor is created, a duplicate explained, and its events arrive live, verified', async ({ page, request, sandbox }) => {
    test.setTimeout(120_000);
    // The busiest author of recent posts: the one most likely to post again soon.
    const counts = new Map<string, number>();
    for (const p of await posts(request)) counts.set(p.author.username, (counts.get(p.author.username) ?? 0) + 1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]![0];

    const hook = await request.post('/api/social-console/webhooks', {
      data: { eventTypes: ['tweet.new', 'tweet.reply', 'tweet.quote', 'tweet.retweet', 'tweet.mention'] },
    });
    expect(hook.status()).toBe(201);

    await page.goto('/social/monitors');
    await expect(page.getByRole('heading', { level: 1, name: 'Monitors and events' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New account monitor' });
    await form.getByLabel('User name').fill(busiest);
    for (const t of ['tweet.quote', 'tweet.retweet']) await form.getByRole('checkbox', { name: t }).check();
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await expect(page.getByText('Monitor created')).toBeVisible();
    const monitors = page.getByRole('list', { name: 'Monitors' });
    const mine = monitors.getByRole('listitem').filter({ hasText: `@${busiest}` });
    await expect(mine).toContainText('active');
    await expect(mine).toContainText('1 credit an hour');
    // The running total in the right number too ("1 credit an hour", never "1 credits").
    const credits = '(?:1 credit|(?:0|[2-9]|\\d{2,}) credits)';
    await expect(page.getByText(/^\d+ active · /)).toHaveText(new RegExp(`^\\d+ active · ${credits} an hour · about ${credits} today$`));

    // The same account again: the 409 is explained.
    await form.getByLabel('User name').fill(busiest);
    await form.getByRole('button', { name: 'Create monitor' }).click();
    await expect(page.getByText('This monitor already exists')).toBeVisible();
    await expect(page.getByText(new RegExp(`A monitor for @${busiest} already exists`, 'i'))).toBeVisible();

    // Sandbox time passes: the account posts, the service delivers, the console verifies.
    await sandbox.advance(20 * 60_000);
    const feed = page.getByRole('list', { name: 'Live feed' });
    const arrived = feed
      .getByRole('listitem')
      .filter({ hasText: /tweet\.(new|reply|quote|retweet|mention)/ })
      .first();
    await expect(arrived).toContainText('verified', { timeout: 60_000 });
    await expect(arrived).toContainText('@');

    // The service's event log has it too, filtered by the monitor.
    await mine.getByRole('button', { name: 'Its events' }).click();
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toContainText(/tweet\./);

    // Its event types changed: none is refused, one more is kept.
    await mine.getByRole('button', { name: 'Event types' }).click();
    const types = page.getByRole('form', { name: `Event types of @${busiest}` });
    const checked = types.getByRole('checkbox', { checked: true });
    while ((await checked.count()) > 0) await checked.first().uncheck();
    await types.getByRole('button', { name: 'Save event types' }).click();
    await expect(types.getByText(/at least one event type/)).toBeVisible();
    await types.getByRole('checkbox', { name: 'tweet.media' }).check();
    await types.getByRole('button', { name: 'Save event types' }).click();
    await expect(mine.getByText('Event types saved.')).toBeVisible();
    await expect(mine.getByText('tweet.media', { exact: true })).toBeVisible();

    // Pause: it costs nothing until resumed.
    await mine.getByRole('button', { name: 'Pause' }).click();
    await expect(mine).toContainText('paused');
    await expect(mine).toContainText('costs nothing');
  });
});

test('a draw picks winners from a post’s replies', async ({ page, request }) => {
  const post = (await posts(request)).find((p) => p.replyCount >= 3 && p.replyCount <= 200);
  if (!post) throw new Error('no post with replies in the sandbox');
  await page.goto('/social/draws');
  const form = page.getByRole('form', { name: 'New draw' });
  await form.getByLabel('Post URL').fill(`https://x.com/${post.author.username}/status/${post.id}`);
  await form.getByLabel('Winners', { exact: true }).fill('2');
  await form.getByLabel('Backups', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Check the price' }).click();
  const price = page.getByRole('region', { name: 'Draw price' });
  await expect(price).toContainText(`${post.replyCount} replies to draw from`);
  await price.getByRole('button', { name: /^Draw for \d+ credits$/ }).click();
  await expect(page).toHaveURL(/\/social\/draws\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Draw/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Entries, valid entries and winners' })).toBeVisible();
  const winners = page.getByRole('region', { name: 'Winners' });
  await expect(winners.getByRole('listitem').first()).toContainText('#1');
});

test('a like acts on the connected account only after it is confirmed', async ({ page, request }) => {
  const post = (await posts(request))[0]!;
  await page.goto(`/social/posts/${post.id}`);
  const actions = page.getByRole('region', { name: 'Act on this post' });
  await actions.getByRole('button', { name: 'Like', exact: true }).click();
  // The console runs on the sandbox: the question says no real account is touched.
  await expect(actions.getByText(/^Like this post as @\w+\? The sandbox's account: nothing reaches the real service\.$/)).toBeVisible();
  await actions.getByRole('button', { name: 'Yes, like' }).click();
  await expect(actions.getByText('Liked', { exact: true })).toBeVisible();
  await expect(actions.getByText(/^Write action wa_\w+: success\.$/)).toBeVisible();
});

test('posts are looked up by id, a bad id is refused beside its field, and the radar lists topics', async ({ page, request }) => {
  const two = (await posts(request)).slice(0, 2);
  await page.goto('/social/lookup');
  const form = page.getByRole('form', { name: 'Look up' });
  await form.getByLabel('Ids').fill('12, nope');
  await form.getByRole('button', { name: 'Read' }).click();
  await expect(form.getByText('“nope” is not an id: ids are digits only.')).toBeVisible();
  await form.getByLabel('Ids').fill(`${two.map((p) => p.id).join(', ')} 99999`);
  await form.getByRole('button', { name: 'Read' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.locator('[data-post-id]')).toHaveCount(2);
  await expect(results.getByText('End of the list · 2 posts')).toBeVisible();
  // The id the service did not answer is named, not silently dropped.
  await expect(results.getByText('Not found: 99999 (1 of 3 ids).')).toBeVisible();
  // Another kind of lookup does not show the posts read for this one.
  await form.getByLabel('Read').selectOption({ label: 'Users by id' });
  await expect(results).toBeHidden();
  await expect(page.getByRole('list', { name: 'Radar' }).getByRole('listitem').first()).toContainText('score');
});

test('a second run of the same tool on the same target shows only its new rows, and a schedule shows its next run', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = (await posts(request)).map((p) => p.author).find((a) => a.followers >= 100);
  if (!user) throw new Error('no user with 100 followers in the sandbox');
  await page.goto('/social/extractions');
  const form = page.getByRole('form', { name: 'New extraction' });
  const estimate = page.getByRole('region', { name: 'Estimate' });
  const run = async () => {
    await page.goto('/social/extractions');
    await form.getByLabel('Tool').selectOption('following_explorer');
    await form.getByLabel('User name').fill(user.username);
    await form.getByLabel('Results limit').fill('40');
    await form.getByRole('button', { name: 'Estimate' }).click();
    await estimate.getByRole('button', { name: /^Run for \d+ credits$/ }).click();
    await expect(page).toHaveURL(/\/social\/extractions\/[A-Za-z0-9_-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Accounts a user follows/ })).toBeVisible();
    await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  };
  const tracked = (await (await request.get('/api/social-console/jobs')).json()) as { jobs: Array<{ toolType: string; target: string }> };
  const ranBefore = tracked.jobs.some((j) => j.toolType === 'following_explorer' && j.target === `@${user.username.toLowerCase()}`);
  await run();
  await expect(page.getByRole('radio', { name: 'Only new since the last run' })).toBeVisible();
  const fresh = page.locator('dt', { hasText: 'New since last run' }).locator('xpath=following-sibling::dd');
  // Nothing ran before on this target (unless a retry of this test did): the count compares with no last run.
  if (!ranBefore) await expect(fresh).toHaveText('First run', { timeout: 30_000 });
  await run();
  await expect(fresh).toHaveText('0', { timeout: 30_000 });
  await page.getByRole('radio', { name: 'Only new since the last run' }).check();
  await expect(page.getByText('No row is new: earlier runs of this tool on this target returned them all.')).toBeVisible();

  await page.goto('/social/extractions');
  await form.getByLabel('Tool').selectOption('following_explorer');
  await form.getByLabel('User name').fill(user.username);
  await form.getByLabel('Results limit').fill('40');
  await form.getByRole('button', { name: 'Estimate' }).click();
  await estimate.getByRole('checkbox', { name: 'Repeat on a schedule, each run only new rows' }).check();
  await estimate.getByLabel('Every (hours)').fill('0');
  await expect(estimate.getByText('Repeat every 0.25 to 8,760 hours.')).toBeVisible();
  await expect(estimate.getByRole('button', { name: /^Schedule/ })).toBeDisabled();
  await estimate.getByLabel('Every (hours)').fill('12');
  await estimate.getByRole('button', { name: 'Schedule every 12 hours' }).click();
  await expect(estimate.getByText('Scheduled every 12 hours.')).toBeVisible();
  const schedule = page.getByRole('list', { name: 'Schedules' }).getByRole('listitem').first();
  await expect(schedule).toContainText('every 12 hours');
  await expect(schedule).toContainText(/Next run in 1[12] hours/);
});

test('a running extraction shows its rows growing against the rows expected, and its end raises a notice on a page outside the social pages', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The browser's notifications, allowed and recorded.
  await page.addInitScript(() => {
    const shown: string[] = [];
    class RecordedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      constructor(title: string) {
        shown.push(title);
      }
    }
    Object.assign(window, { shownNotifications: shown });
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
  const top = getCorpus().users.reduce((a, b) => (b.followersCount > a.followersCount ? b : a));
  // A job big enough to be seen running (about 3 s at the e2e sandbox speed), started through the console's proxy.
  const created = await request.post('/api/social/api/v1/extractions', { data: { toolType: 'follower_explorer', targetUsername: top.username, resultsLimit: 100_000 } });
  expect(created.status()).toBe(202);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto('/social/extractions');
  const bar = page.getByRole('progressbar', { name: `Rows collected by extraction ${id}` });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', /^[\d,]+ \/ 100,000 rows$/);
  await page.getByRole('button', { name: 'Notify me in the browser' }).click();
  await expect(page.getByRole('button', { name: 'Stop browser notifications' })).toBeVisible();

  // Elsewhere in the console (the 3D page), the job's end is announced.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: '3D' }).click();
  await expect(page).toHaveURL(/\/3d/);
  const notices = page.getByRole('status', { name: 'Notices' });
  await expect(notices.getByText('Extraction finished')).toBeVisible({ timeout: 60_000 });
  await expect(notices.getByText(/follower_explorer on @?\w+: 100,000 rows/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)).toContain('Extraction finished');
  await notices.getByRole('link', { name: 'Open' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/social/extractions/${id}$`));
  await expect(page.getByText('completed', { exact: true })).toBeVisible();
});
