import { expect, test } from './fixtures/test';

/** The sandbox key of the account the console uses: another client of the same account holds it too. */
const ACCOUNT_KEY = 'msy_sandbox_console';

test('a task the account made elsewhere is found, brought in from the queue, marked imported, and archived', async ({ page, queue, request }) => {
  // Made by another client, straight at the service: the console knows nothing of it.
  const prompt = `made in the web app ${Math.random().toString(36).slice(2, 7)}`;
  const made = await request.post('/sandbox/gen3d/openapi/v2/text-to-3d', {
    headers: { authorization: `Bearer ${ACCOUNT_KEY}` },
    data: { mode: 'preview', prompt, ai_model: 'latest' },
  });
  expect(made.status()).toBe(202);
  const id = ((await made.json()) as { result: string }).result;

  await queue.goto();
  await expect(queue.row(prompt)).toHaveCount(0);
  await page.getByRole('button', { name: 'Look for tasks created elsewhere' }).click();
  const found = page.getByRole('list', { name: 'Tasks created elsewhere' });
  await expect(found.getByText(prompt)).toBeVisible();

  // Only this one: the others found stay out.
  await page.getByRole('button', { name: 'Select none' }).click();
  await found.getByRole('checkbox', { name: `Bring in ${prompt}` }).check();
  await page.getByRole('button', { name: 'Bring in 1 selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Brought in 1 task: it is in the queue' })).toBeVisible();
  await expect(found.getByText(prompt)).toHaveCount(0);

  // In the queue, marked imported, watched to the end like any task.
  await expect(queue.row(prompt).getByText('imported', { exact: true })).toBeVisible();
  await expect(queue.row(prompt).getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(async () => ((await (await request.get(`/api/ledger/gen3d/tasks/${id}`)).json()) as { archived: boolean }).archived, { timeout: 30_000 })
    .toBe(true);

  // Paid elsewhere: the console's spend ledger has no write for it.
  const writes = ((await (await request.get('/api/spend/writes?service=gen3d&limit=200')).json()) as { writes: Array<{ ref: string | null }> }).writes;
  expect(writes.filter((w) => w.ref === id)).toEqual([]);
});

test('on a phone, an imported product prototype keeps its name as its title and its marks on screen', async ({ page, queue, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `vase from the web app ${Math.random().toString(36).slice(2, 7)}`;
  const onePixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const made = await request.post('/sandbox/gen3d/openapi/creative-lab/figure/v1/prototype', {
    headers: { authorization: `Bearer ${ACCOUNT_KEY}` },
    data: { image_url: onePixel, name },
  });
  expect(made.status()).toBe(202);

  await queue.goto();
  await page.getByRole('button', { name: 'Look for tasks created elsewhere' }).click();
  const found = page.getByRole('list', { name: 'Tasks created elsewhere' });
  await page.getByRole('button', { name: 'Select none' }).click();
  await found.getByRole('checkbox', { name: `Bring in ${name}` }).check();
  await page.getByRole('button', { name: 'Bring in 1 selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Brought in 1 task' })).toBeVisible();

  // Titled by its name (not its id), and its long type badge does not push "imported" out of the row.
  const row = queue.row(name);
  const mark = row.getByText('imported', { exact: true });
  await expect(mark).toBeVisible();
  const [box, rowBox] = await Promise.all([mark.boundingBox(), row.boundingBox()]);
  expect(box && rowBox && box.x + box.width <= rowBox.x + rowBox.width).toBe(true);
});
