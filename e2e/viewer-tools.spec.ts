import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { cubeGlb, glbDataUri } from './fixtures/glb';
import { expect, test } from './fixtures/test';

// Each test makes its own tasks on its worker's console: they spread over the workers instead of
// running one after another at the end of the run (the file is the longest after the sweep).
test.describe.configure({ mode: 'parallel' });

/**
 * The viewer beyond viewing (issue 11, part 4): clips scrubbed frame by frame on a rigged and
 * animated model, two models compared, a model's holes drawn, a local GLB inspected. Tasks are made
 * through the console's API (their forms are tested elsewhere) on the real sandbox.
 */

async function create(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<string> {
  const res = await request.post(`/api/gen3d${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { result: string }).result;
  await expect
    .poll(async () => ((await (await request.get(`/api/ledger/gen3d/tasks/${id}`)).json()) as { task: { status: string } }).task.status, { timeout: 60_000 })
    .toBe('SUCCEEDED');
  return id;
}

const preview = (request: APIRequestContext, prompt: string) => create(request, '/openapi/v2/text-to-3d', { mode: 'preview', prompt, ai_model: 'model-5' });

type Hook = { status: string; frames: number; clips?: string[]; problems?: { holes: number; boundaryEdges: number; watertight: boolean } | null };
const hook = (page: Page) => page.evaluate(() => (window as unknown as { __e2e?: { viewer?: Hook } }).__e2e?.viewer ?? null);

async function waitForModel(page: Page) {
  await expect.poll(async () => (await hook(page))?.status, { timeout: 30_000 }).toBe('ready');
  await expect.poll(async () => (await hook(page))?.frames ?? 0).toBeGreaterThan(0);
  // The first frames have a plain light; the room's light follows (the picture changes once more).
  for (const canvas of await page.getByTestId('model-canvas').all()) await expect(canvas).toHaveAttribute('data-lit', 'true', { timeout: 60_000 });
}

/** A fingerprint of what a canvas shows (coarse colours over a grid of pixels). */
function canvasPrint(page: Page, nth = 0): Promise<string> {
  return page
    .getByTestId('model-canvas')
    .nth(nth)
    .locator('canvas')
    .evaluate((el) => {
      const canvas = el as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      copy.width = 96;
      copy.height = 96;
      const ctx = copy.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(canvas, 0, 0, 96, 96);
      const { data } = ctx.getImageData(0, 0, 96, 96);
      let out = '';
      for (let i = 0; i < data.length; i += 4) out += ((data[i] as number) >> 4).toString(16) + ((data[i + 1] as number) >> 4).toString(16);
      return out;
    });
}

/** Share of canvas pixels close to a colour (the problem overlay's red). */
function shareOf(page: Page, rgb: [number, number, number]): Promise<number> {
  return page
    .getByTestId('model-canvas')
    .locator('canvas')
    .evaluate((el, [r, g, b]) => {
      const canvas = el as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(canvas, 0, 0);
      const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
      let near = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs((data[i] as number) - r) + Math.abs((data[i + 1] as number) - g) + Math.abs((data[i + 2] as number) - b) < 60) near++;
      }
      return near / (data.length / 4);
    }, rgb);
}

test("a finished task's page opened directly: the task comes with the page, and the model is downloaded once, in a worker, and drawn", async ({ page, request }) => {
  const id = await preview(request, 'a chair opened from a link');
  const task = (await (await request.get(`/api/ledger/gen3d/tasks/${id}`)).json()) as { task: { model_urls: { glb: string } } };
  const model = task.task.model_urls.glb;
  const downloads: string[] = [];
  const taskReads: string[] = [];
  const warnings: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === model) downloads.push(r.resourceType());
    if (path === `/api/ledger/gen3d/tasks/${id}`) taskReads.push(path);
  });
  page.on('console', (m) => {
    if (m.type() === 'warning' && /preload/i.test(m.text())) warnings.push(m.text());
  });
  let workers = 0;
  page.on('worker', () => workers++);
  await page.goto(`/3d/tasks/${id}`);
  await waitForModel(page);
  await expect(page.getByRole('heading', { name: 'a chair opened from a link' })).toBeVisible();
  // The page carried the task: no read of it; one download of the model (started by the page as it
  // loaded, in a worker, and taken over by the viewer).
  expect(downloads).toHaveLength(1);
  expect(workers).toBe(1);
  expect(taskReads).toEqual([]);
  expect(warnings).toEqual([]);

  // The chunk that starts the download runs before the app, on its own: it imports nothing (no
  // framework or app chunk it would wait for).
  const html = await (await request.get(`/3d/tasks/${id}`)).text();
  const early = /<script type="module" async fetchpriority="high" src="([^"]+)"><\/script>/.exec(html)?.[1];
  expect(early, 'the page runs a chunk of its own before the app').toMatch(/^\/assets\/early-download-[\w-]+\.js$/);
  expect(html.indexOf(early as string)).toBeLessThan(html.indexOf('<script type="module" crossorigin'));
  const code = await (await request.get(early as string)).text();
  expect(code.length).toBeGreaterThan(500);
  expect(code).not.toMatch(/\bimport\s*[{*"'(]|\bfrom\s*["']/);
});

test('rig then animate a model: its clip plays, and dragging the timeline shows new poses frame by frame', async ({ page, request }) => {
  test.slow();
  const model = await preview(request, 'a humanoid robot to animate');
  const rig = await create(request, '/openapi/v1/rigging', { input_task_id: model });

  // The rig's page: the character with its walking and running clips, and its skeleton.
  await page.goto(`/3d/tasks/${rig}`);
  await waitForModel(page);
  expect((await hook(page))?.clips).toEqual(['Walking', 'Running']);
  const animation = page.getByRole('region', { name: 'Animation' });
  await expect(animation.getByRole('combobox', { name: 'Clip' })).toContainText('Walking');
  await animation.getByRole('button', { name: 'Skeleton' }).click();
  await expect(animation.getByRole('button', { name: 'Skeleton' })).toHaveAttribute('aria-pressed', 'true');
  // Its files download from its page (a rig's record has no model_urls, only its result).
  const downloads = page.locator('section', { has: page.getByRole('heading', { name: 'Downloads' }) });
  await expect(downloads.getByRole('link')).toHaveText(['Download rigged GLB', 'Download walking GLB', 'Download running GLB']);

  const animate = await create(request, '/openapi/v1/animations', { rig_task_id: rig, action_id: 1 });
  await page.goto(`/3d/tasks/${animate}`);
  await waitForModel(page);
  await expect(downloads.getByRole('link')).toHaveText(['Download animation GLB']);
  const panel = page.getByRole('region', { name: 'Animation' });
  // It plays at once; pause it, then drag the timeline from its start to its end.
  await expect(panel.getByRole('button', { name: 'Pause' })).toBeVisible();
  await panel.getByRole('button', { name: 'Pause' }).click();
  const timeline = panel.getByRole('slider', { name: 'Timeline' });
  const box = await timeline.boundingBox();
  if (!box) throw new Error('the timeline is not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 4, y);
  await page.mouse.down();
  const prints = new Set<string>();
  const times = new Set<string>();
  for (let step = 1; step <= 5; step++) {
    await page.mouse.move(box.x + 4 + ((box.width - 8) * step) / 5, y, { steps: 3 });
    const time = await panel.locator('output').textContent();
    // The pose for this point of the timeline is drawn while the button is still held.
    await expect.poll(async () => canvasPrint(page)).not.toBe([...prints].at(-1) ?? '');
    prints.add(await canvasPrint(page));
    times.add(time ?? '');
  }
  await page.mouse.up();
  expect(prints.size).toBeGreaterThanOrEqual(4);
  expect(times.size).toBeGreaterThanOrEqual(4);
  await expect(panel.getByRole('button', { name: 'Play' })).toBeVisible();
});

test("a library action plays on the task's own rig before it is paid for", async ({ page, request }) => {
  test.slow();
  const model = await preview(request, 'a humanoid robot to try actions on');
  const rig = await create(request, '/openapi/v1/rigging', { input_task_id: model });
  const seen: Array<{ method: string; url: string }> = [];
  page.on('request', (r) => seen.push({ method: r.method(), url: new URL(r.url()).pathname }));

  await page.goto(`/3d/new/animation?from=${rig}`);
  await page.getByLabel('Category').selectOption('Dancing');
  await page.getByLabel('Action').selectOption({ label: 'FunnyDancing 01 (Fun)' });
  await waitForModel(page);
  // The rig's own character (a mesh, not the library's bare stock skeleton), playing the chosen action.
  const shown = await hook(page);
  expect(shown?.clips?.[0]).toBe('FunnyDancing 01');
  expect((shown as { stats?: { triangles: number } } | null)?.stats?.triangles).toBeGreaterThan(100);
  const panel = page.getByRole('region', { name: 'Animation' });
  await expect(panel.getByRole('combobox', { name: 'Clip' })).toHaveValue('0');
  await expect(panel.getByRole('combobox', { name: 'Clip' }).locator('option:checked')).toContainText('FunnyDancing 01');
  await expect(panel.getByRole('button', { name: 'Pause' })).toBeVisible();
  const time = panel.locator('output');
  const first = await time.textContent();
  // Software WebGL draws slowly on a busy machine: the clip's time and pixels are given a while to move.
  await expect.poll(() => time.textContent(), { timeout: 60_000 }).not.toBe(first);
  const print = await canvasPrint(page);
  await expect.poll(() => canvasPrint(page), { timeout: 60_000 }).not.toBe(print);

  // Nothing was sent to the service, and the action's file came through the console's media route.
  expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  expect(seen.some((r) => r.url.startsWith('/api/media/gen3d/'))).toBe(true);
  expect(seen.filter((r) => r.url.startsWith('/sandbox/'))).toEqual([]);
});

test('compare a model with its remesh: side by side, cameras linked, the figures set against each other', async ({ page, request }) => {
  // Two tasks to make and two WebGL views to draw in software.
  test.slow();
  const model = await preview(request, 'a teapot to compare');
  const remesh = await create(request, '/openapi/v1/remesh', { input_task_id: model, target_polycount: 2000, topology: 'triangle' });
  await page.goto(`/3d/tasks/${remesh}`);
  await expect(page.getByRole('combobox', { name: 'Compare with' })).toContainText('made from');
  await page.getByRole('link', { name: 'Open side by side' }).click();
  await expect(page).toHaveURL(new RegExp(`/3d/compare\\?a=${remesh}&b=${model}`));
  await expect(page.getByTestId('model-canvas')).toHaveCount(2);
  const table = page.getByRole('table', { name: 'Statistics, B against A' });
  await expect(table.getByRole('row', { name: /Triangles/ })).toContainText('2,000');
  await expect(table.getByRole('row', { name: /Triangles/ }).getByRole('cell').last()).toContainText('+');

  // Orbiting A moves B's camera too.
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('[data-testid="model-canvas"] canvas').length)).toBe(2);
  await waitForModel(page);
  const before = await canvasPrint(page, 1);
  const a = await page.getByTestId('model-canvas').first().boundingBox();
  if (!a) throw new Error('model A is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 120, a.y + a.height / 2 + 20, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => canvasPrint(page, 1)).not.toBe(before);
});

test('analyze a model with holes: the problems are counted and drawn on it', async ({ page, request }) => {
  const analysis = await create(request, '/openapi/v1/print/analyze', { model_url: glbDataUri(cubeGlb(['top'])) });
  await page.goto(`/3d/tasks/${analysis}`);
  await waitForModel(page);
  const print = page.getByRole('region', { name: 'Printability' });
  await expect(print).toContainText('Not printable as is');
  const figures = print.locator('[aria-label="Printability measured in the browser"]');
  await expect(figures).toContainText(/Holes\s*1/);
  await expect(figures).toContainText(/Open edges\s*4/);
  await expect.poll(async () => (await hook(page))?.problems).toEqual({ holes: 1, boundaryEdges: 4, nonManifoldEdges: 0, watertight: false });
  // The open rim is drawn in the overlay's red; switching it off removes it.
  await expect.poll(() => shareOf(page, [255, 45, 85])).toBeGreaterThan(0.0005);
  await print.getByRole('button', { name: 'Draw problems' }).click();
  await expect.poll(() => shareOf(page, [255, 45, 85])).toBeLessThan(0.0001);
});

test('drop a local GLB on the inspect page: it is shown, measured in metres and validated', async ({ page }) => {
  await page.goto('/3d/inspect');
  const glb = cubeGlb();
  const data = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'cube.glb', { type: 'model/gltf-binary' }));
    return transfer;
  }, [...glb]);
  await page.getByTestId('model-drop-zone').dispatchEvent('drop', { dataTransfer: data });
  await waitForModel(page);
  // The page names the file it shows.
  await expect(page.getByTestId('model-drop-zone')).toContainText('Showing “cube.glb”.');
  const inspect = page.getByRole('region', { name: 'Inspect' });
  await expect(inspect).toContainText('1 × 1 × 1 m');
  await inspect.getByRole('button', { name: 'Validate with the Khronos glTF validator' }).click();
  await expect(inspect.getByRole('status')).toContainText('Valid glTF: 0 errors');
  // A closed cube checks out as printable.
  await page.getByRole('region', { name: 'Printability' }).getByRole('button', { name: 'Check printability' }).click();
  await expect(page.getByRole('region', { name: 'Printability' })).toContainText('Watertight: ready to print');

  // A file that is not a model is refused beside the picker, and nothing else changes.
  await page.getByLabel('Choose a file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('“notes.txt” is not a .glb or .3mf file.');
  await expect(page.getByTestId('model-drop-zone')).toContainText('Showing “cube.glb”.');
});

test('a multi-view text-to-image task shows its pictures in a gallery, each downloadable', async ({ page, request }) => {
  const images = await create(request, '/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a red fox, three views', generate_multi_view: true });
  await page.goto(`/3d/tasks/${images}`);
  const gallery = page.getByRole('region', { name: 'Images' });
  await expect(gallery.getByRole('img', { name: /Front view of/ })).toBeVisible();
  await gallery.getByRole('button', { name: 'Show side view' }).click();
  await expect(gallery.getByRole('img', { name: /Side view of/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await gallery.getByRole('link', { name: 'Download side view' }).click();
  const file = await download;
  // Each picture downloads under its own name: the task's prompt and id, its view, its extension.
  expect(file.suggestedFilename()).toBe(`a-red-fox-three-views-${images.slice(0, 8)}-side.png`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  await gallery.getByRole('button', { name: 'Show front view' }).click();
  const front = page.waitForEvent('download');
  await gallery.getByRole('link', { name: 'Download front view' }).click();
  expect((await front).suggestedFilename()).toBe(`a-red-fox-three-views-${images.slice(0, 8)}-front.png`);
});

test('a multi-colour print (a 3MF in millimetres) measures in metres, as the model it was made from', async ({ page, request }) => {
  const model = await preview(request, 'a small robot to print in colour');
  const print = await create(request, '/openapi/v1/print/multi-color', { input_task_id: model, max_colors: 4 });
  const box = async (id: string) => {
    await page.goto(`/3d/tasks/${id}`);
    await waitForModel(page);
    const text = (await page.getByRole('region', { name: 'Inspect' }).textContent()) ?? '';
    return /Bounding box \(metres, W × H × D\)\s*([^m]+) m/.exec(text)?.[1];
  };
  const modelBox = await box(model);
  expect(modelBox).toMatch(/^[\d.]+ × [\d.]+ × [\d.]+$/);
  expect(await box(print)).toBe(modelBox);
});
