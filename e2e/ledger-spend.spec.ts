import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test';

const unique = (s: string) => `${s} ${Date.now().toString(36)}`;
const preview = (prompt: string) => ({ mode: 'preview', prompt, ai_model: 'model-5' });

/** Creates a preview through the console's API; a burst may meet the sandbox's rate or queue limit (429), which is waited out. */
async function create(request: APIRequestContext, prompt: string): Promise<string> {
  let id = '';
  await expect(async () => {
    const res = await request.post('/api/gen3d/openapi/v2/text-to-3d', { data: preview(prompt) });
    expect(res.ok(), `create answered ${res.status()}`).toBe(true);
    id = ((await res.json()) as { result: string }).result;
  }).toPass({ timeout: 60_000 });
  return id;
}

const utcLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

test.describe('the queue reads pages', () => {
  // Deleting a task just as it starts is refused (400); creates in a burst may meet 429.
  test.use({ allowedConsoleErrors: /status of (400|429)/ });
  test('filters live in the address, and older tasks come a page at a time', async ({ page, request }) => {
    test.setTimeout(180_000);
    const base = unique('a paged teapot');
    // 51 tasks, each deleted at once (the sandbox's account holds 10 open tasks): one more than a page.
    for (let n = 1; n <= 51; n++) {
      const id = await create(request, `${base} ${n}`);
      await request.delete(`/api/gen3d/openapi/v2/text-to-3d/${id}`);
    }
    await page.goto(`/3d?q=${encodeURIComponent(base)}`);
    const queue = page.getByRole('table', { name: 'Task queue' });
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(base);
    await expect(queue.getByRole('link', { name: `${base} 51`, exact: true })).toBeVisible();
    await expect(page.getByText('Showing the newest 50 matching tasks')).toBeVisible();
    await expect(queue.getByRole('link', { name: `${base} 1`, exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show older tasks' }).click();
    await expect(queue.getByRole('link', { name: `${base} 1`, exact: true })).toBeVisible();
    await expect(page.getByText('51 matching tasks, all shown')).toBeVisible();

    // A status filter goes into the address; reloading keeps both filters.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('SUCCEEDED');
    await expect(page).toHaveURL(/state=SUCCEEDED/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('SUCCEEDED');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(base);
    await expect(queue.getByRole('row').filter({ hasText: 'Canceled' })).toHaveCount(0);
    // Typing a search narrows the list and the address follows.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`${base} 17`);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(`${base} 17`).replace(/%20/g, '(%20|\\+)')}`));
    await expect(page.getByText('1 matching task, all shown')).toBeVisible();
    // The type filter: no preview is a remesh.
    await page.getByRole('combobox', { name: 'Type' }).selectOption('remesh');
    await expect(page.getByText('No task matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/q=/);
  });

  test('a queued task is deleted with its refund shown, and a finished one raises a notice', async ({ page, request }) => {
    await page.goto('/3d');
    const base = unique('a waiting vase');
    const prompts: string[] = [];
    // Seven at once: the sandbox runs two at a time, so the last ones wait in the queue.
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      await create(request, `${base} ${n}`);
      prompts.push(`${base} ${n}`);
    }
    const queue = page.getByRole('table', { name: 'Task queue' });
    const row = (p: string) => queue.getByRole('row').filter({ has: page.getByRole('link', { name: p, exact: true }) });
    let deleted: string | null = null;
    for (const prompt of prompts.slice(2).reverse()) {
      await expect(row(prompt).getByText(/Queued|Running|Succeeded/)).toBeVisible();
      if (!(await row(prompt).getByText('Queued').isVisible())) continue;
      await row(prompt).getByRole('button', { name: `Delete ${prompt}` }).click();
      await expect(row(prompt).getByText('Canceled', { exact: true }).or(row(prompt).getByText(/Not deleted|Running|Succeeded/))).toBeVisible();
      if (await row(prompt).getByText('Canceled', { exact: true }).isVisible()) {
        deleted = prompt;
        break;
      }
    }
    expect(deleted, 'a queued task was deleted').not.toBeNull();
    await expect(row(deleted as string)).toContainText('Deleted before it started; 5 credits refunded.');
    // The first one finishes while the page is open: a notice says so and opens it.
    const notices = page.getByRole('status', { name: 'Notices' });
    await expect(notices.getByText(`Preview “${prompts[0]}” is ready.`)).toBeVisible({ timeout: 60_000 });
    await expect(notices.getByRole('link', { name: 'Open the task' }).first()).toBeVisible();
  });
});

test('a task page shows each file’s archive state and deletes the local copy', async ({ page, request }) => {
  const prompt = unique('an archived anvil');
  const id = await create(request, prompt);
  // Every file copied (a task still running names no file yet: an empty list is not "all archived").
  await expect
    .poll(
      async () => {
        const files = ((await (await request.get(`/api/ledger/gen3d/tasks/${id}`)).json()) as { files?: Array<{ state: string }> }).files ?? [];
        return files.length > 0 && files.every((f) => f.state === 'archived');
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.goto(`/3d/tasks/${id}`);
  const files = page.getByRole('list', { name: 'Archived files' });
  await expect(files.getByText('Archived', { exact: true }).first()).toBeVisible();
  await expect(files.getByText(/^Kept in the console, /).first()).toBeVisible();
  await expect(page.getByText(/on disk: \d[\d,]* files? of \d/)).toBeVisible();
  await expect(page.getByText(/Retention: copies are kept forever/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete local copy' }).click();
  await page.getByRole('button', { name: 'Delete the local copy' }).click();
  await expect(page.getByText(/^Deleted \d+ local files? \(/)).toBeVisible();
  await expect(files.getByText('Removed', { exact: true }).first()).toBeVisible();
  await expect(files.getByText('Archived', { exact: true })).toHaveCount(0);
});

test.describe('spend limits', () => {
  test.use({ allowedConsoleErrors: /status of 409/ });
  test.afterEach(async ({ request }) => {
    await request.put('/api/spend/limits/gen3d', { data: { daily: null, perWrite: null } });
  });
  test('a limit is checked beside its field, and a create past it is refused with the figures', async ({ page, queue }) => {
    await page.goto('/connections');
    const limits = page.getByRole('form', { name: '3D spend limits' });
    await limits.getByLabel('Per-write limit (credits)').fill('-4');
    await limits.getByRole('button', { name: 'Save 3D limits' }).click();
    await expect(limits.getByLabel('Per-write limit (credits)')).toHaveAccessibleDescription(/Per-write limit must be a number of credits \(0 or more\), or empty for no limit\./);
    await limits.getByLabel('Per-write limit (credits)').fill('4');
    await limits.getByRole('button', { name: 'Save 3D limits' }).click();
    await expect(limits.getByText('Saved. No daily limit; per write 4 credits.')).toBeVisible();

    await queue.goto();
    await queue.queuePreview(unique('a refused statue'), { model: 'model-5' });
    await expect(page.getByText(/Nothing was sent: this write \(create a text-to-3D task\) costs 5 credits, more than the 3D service's per-write limit of 4 credits/)).toBeVisible();
  });
});

test('the spend page draws today’s spend and lists the writes', async ({ page, request }) => {
  await create(request, unique('a counted candle'));
  const totals = (await (await request.get('/api/spend/totals?service=gen3d')).json()) as { today: number };
  expect(totals.today).toBeGreaterThanOrEqual(5);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spend' }).click();
  await expect(page.getByRole('heading', { name: 'Spend', level: 1 })).toBeVisible();
  const chart = page.getByRole('img', { name: /^3D spend per day in credits/ });
  await expect(chart).toHaveAccessibleName(new RegExp(`${utcLabel.format(new Date())} ${totals.today.toLocaleString('en-US')} credits\\.$`));
  const writes = page.getByRole('list', { name: 'Spend writes' });
  await expect(writes.getByText('3D · textTo3d.create').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('recovered');
  await expect(page.getByText('No write is recovered.').or(writes.getByText('Recovered').first())).toBeVisible();
  await expect(page.getByText(/found afterwards in the service's task list and counts as spent/)).toBeVisible();
});

test('the audit log on the Spend page lists each write with what it answered and spent, and filters by answer', async ({ page, request }) => {
  await create(request, unique('an audited bell'));
  // A refused write with a path of its own: a task this console never had.
  const missing = `no-such-task-${Date.now().toString(36)}`;
  expect((await request.delete(`/api/ledger/gen3d/tasks/${missing}/files`)).status()).toBe(404);
  await page.goto('/spend');
  const log = page.getByRole('feed', { name: 'Audit log' });
  await expect(log.getByText(`DELETE /api/ledger/gen3d/tasks/${missing}/files`)).toBeVisible();
  await expect(log.getByText('Refused (404)').first()).toBeVisible();
  await expect(log.getByText('POST /api/gen3d/openapi/v2/text-to-3d').first()).toBeVisible();
  await expect(log.getByText(/^3D: \d+ credits/).first()).toBeVisible();
  // Only what was refused, then only what spent.
  await page.getByLabel('Answer').selectOption('refused');
  await expect(log.getByText('Done (202)')).toHaveCount(0);
  await expect(log.getByText(`DELETE /api/ledger/gen3d/tasks/${missing}/files`)).toBeVisible();
  await page.getByLabel('Answer').selectOption('');
  await page.getByLabel('Only writes that spent').check();
  await expect(log.getByText(`DELETE /api/ledger/gen3d/tasks/${missing}/files`)).toHaveCount(0);
  await expect(log.getByText('POST /api/gen3d/openapi/v2/text-to-3d').first()).toBeVisible();
});
