import { readFileSync } from 'node:fs';
import validator from 'gltf-validator';
import { expect, test } from './fixtures/test';

const unique = (text: string) => `${text} ${Math.random().toString(36).slice(2, 7)}`;

test('a preview rises in the queue, draws in the viewer, refines with PBR and downloads a valid GLB', async ({ page, queue, taskPage }) => {
  const deprecations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && /deprecat/i.test(m.text())) deprecations.push(m.text());
  });
  await queue.goto();
  const prompt = unique('a red wooden chair');
  await queue.queuePreview(prompt);
  await expect(queue.row(prompt)).toBeVisible();

  const seen = await queue.watchProgress(prompt);
  expect(
    seen.some((v) => v > 0 && v < 100),
    `progress seen: ${seen.join(', ')}`,
  ).toBe(true);
  expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  await expect(queue.row(prompt).getByText('Succeeded')).toBeVisible();
  await expect(queue.row(prompt).getByRole('cell').last()).toBeVisible();

  await queue.open(prompt);
  await expect(page.getByRole('heading', { name: prompt, level: 1 })).toBeVisible();
  await taskPage.waitForModel();
  // three.js r183+ warns when something builds a THREE.Clock; the viewer's r3f runs on THREE.Timer.
  expect(deprecations).toEqual([]);
  const preview = await taskPage.canvasPixels();
  expect(preview.covered, 'share of the canvas the model covers').toBeGreaterThan(0.03);
  const previewHook = await taskPage.viewer();
  expect(previewHook?.stats?.triangles).toBeGreaterThan(100);
  expect(previewHook?.textureChannels).toEqual([]);
  await expect(page.getByText('Triangles')).toBeVisible();

  // Wireframe changes what is drawn.
  await page.getByRole('button', { name: 'Wireframe' }).click();
  await expect(page.getByRole('button', { name: 'Wireframe' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await taskPage.canvasPixels()).covered).toBeLessThan(preview.covered);

  const previewUrl = page.url();
  await taskPage.refine({ pbr: true });
  await expect(page).not.toHaveURL(previewUrl);
  await expect(page.getByRole('main')).toContainText('Refine ·');
  await expect(taskPage.status).toHaveText('Succeeded', { timeout: 60_000 });
  // Its end is announced, with no link: the task is the page on screen.
  const ended = page.getByRole('status', { name: 'Notices' }).locator('[data-notice]').filter({ hasText: 'Refine “' });
  await expect(ended).toContainText('is ready.');
  await expect(ended.getByRole('link')).toHaveCount(0);
  await taskPage.waitForModel();
  const refined = await taskPage.viewer();
  expect(refined?.textureChannels).toEqual(expect.arrayContaining(['map', 'normalMap', 'metalnessMap', 'roughnessMap']));
  expect(refined?.stats?.textures).toBeGreaterThanOrEqual(3);
  const texturedPixels = await taskPage.canvasPixels();
  expect(texturedPixels.covered).toBeGreaterThan(0.03);
  for (const name of ['Base colour texture', 'Normal texture', 'Metallic texture', 'Roughness texture']) {
    const img = page.getByRole('img', { name });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download GLB' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.glb$/);
  const bytes = new Uint8Array(readFileSync(await download.path()));
  const report = await validator.validateBytes(bytes);
  expect(report.issues.numErrors).toBe(0);
  expect(report.info?.materialCount).toBeGreaterThan(0);
});

test('a second tab sees the same progress without a reload', async ({ queue, otherQueue: other }) => {
  await queue.goto();
  await other.goto();
  const prompt = unique('a blue rocket');
  await queue.queuePreview(prompt);
  const seen = await other.watchProgress(prompt);
  expect(
    seen.some((v) => v > 0 && v < 100),
    `progress seen in the second tab: ${seen.join(', ')}`,
  ).toBe(true);
  await expect(other.row(prompt).getByText('Succeeded')).toBeVisible();
});

test('a bad form shows its message and sends nothing', async ({ page, queue }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') posts.push(r.url());
  });
  await queue.goto();
  await queue.openForm();
  await queue.form.getByLabel('Prompt').fill('   ');
  await queue.form.getByRole('button', { name: 'Queue preview' }).click();
  await expect(queue.form.getByText('Write a prompt that describes the model')).toBeVisible();
  await expect(queue.form.getByLabel('Prompt')).toHaveAttribute('aria-invalid', 'true');
  await expect(queue.form.getByLabel('Prompt')).toBeFocused();
  expect(posts).toEqual([]);
});

test('a failed task says what happened and what to do', async ({ page, queue, sandbox }) => {
  await sandbox.fault({ kind: 'fail-task', reason: 'busy' });
  await queue.goto();
  const prompt = unique('a silver robot');
  await queue.queuePreview(prompt);
  const row = queue.row(prompt);
  await expect(row.getByText('Failed', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await expect(row.getByText('The server is busy. Please try again later.')).toBeVisible();
  await expect(row.getByText(/wait a few minutes, then retry/)).toBeVisible();
  await queue.open(prompt);
  const outcome = page.getByRole('region', {
    name: 'The task failed: The server is busy. Please try again later.',
  });
  await expect(outcome).toContainText('Refunded: the 20 credits');
  await expect(outcome).toContainText(/wait a few minutes, then retry/);
  await expect(outcome.getByRole('button', { name: /^Retry task/ })).toBeVisible();
  await expect(outcome.getByRole('link', { name: 'Edit the prompt' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Downloads' })).toHaveCount(0);
});

test.describe('a canceled task', () => {
  // A cancel that lands just as its task starts is refused (400): the test then cancels another.
  // Seven creates in a burst can meet the sandbox's 20 requests/s limit (429): reads wait and retry.
  test.use({ allowedConsoleErrors: /status of (400|429)/ });
  test('says so on its page, with its refund and what to do next, and no raw JSON', async ({ page, queue, request }) => {
    await queue.goto();
    // Seven previews at once: the sandbox runs two at a time, so the last ones wait in the queue.
    const base = unique('a waiting kettle');
    const prompts: string[] = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const res = await request.post('/api/gen3d/openapi/v2/text-to-3d', { data: { mode: 'preview', prompt: `${base} ${n}`, ai_model: 'model-5' } });
      if (res.ok()) prompts.push(`${base} ${n}`);
    }
    expect(prompts.length).toBeGreaterThanOrEqual(5);
    let canceled: string | null = null;
    for (const prompt of prompts.slice(2).reverse()) {
      const row = queue.row(prompt);
      await expect(row.getByText(/Queued|Running|Succeeded/)).toBeVisible();
      if (!(await row.getByText('Queued').isVisible())) continue;
      await row.getByRole('button', { name: `Delete ${prompt}` }).click();
      await expect(row.getByText('Canceled', { exact: true }).or(row.getByText(/Not deleted|Running|Succeeded/))).toBeVisible();
      if (await row.getByText('Canceled', { exact: true }).isVisible()) {
        canceled = prompt;
        break;
      }
    }
    expect(canceled, 'a queued task was canceled').not.toBeNull();
    await queue.open(canceled as string);
    const outcome = page.getByRole('region', { name: 'The task was canceled' });
    await expect(outcome).toContainText('before the service started on it');
    await expect(outcome).toContainText('Refunded: the 5 credits');
    await expect(outcome.getByRole('button', { name: /^Retry task .* for 5 credits$/ })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('Generating');
    await expect(page.getByRole('main')).not.toContainText('{');
  });
});

test.describe('an unknown task', () => {
  // Only the browser's own line for the 404 answer: the page logs nothing (no error stack).
  test.use({
    allowedConsoleErrors: /^Failed to load resource: the server responded with a status of 404/,
  });
  test('reads as a sentence, not a crash', async ({ page }) => {
    await page.goto('/3d/tasks/no-such-task');
    await expect(page.getByRole('heading', { name: 'Task not found', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('This console has no task with that id');
    await expect(page.getByRole('alert').getByRole('link', { name: 'Back to all tasks' })).toBeVisible();
  });
});
