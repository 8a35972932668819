import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeGlb } from '../src/web/features/gen3d/chain/glb-faces';
import { expect, test, type SandboxControl } from './fixtures/test';

/**
 * The New task area and chaining from a task page, on the sandbox: a picture picked on disk made
 * into a model, an operation chained from a preview end to end, and refusals that explain
 * themselves and send nothing.
 */

/** A PNG of `w`×`h` pixels drawn by `paint` (RGBA), as a picture file on disk would be. */
function png(w: number, h: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(paint(x, y), y * (w * 4 + 1) + 1 + x * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** An orange vase-like silhouette on white. */
const vase = () =>
  png(96, 128, (x, y) => {
    const half = 14 + 16 * Math.sin((y / 128) * Math.PI);
    return y > 10 && y < 120 && Math.abs(x - 48) < half ? [230, 120, 40, 255] : [255, 255, 255, 255];
  });

/** Tasks in the console's ledger, counted over every page of `/api/ledger/tasks`. */
async function ledgerTasks(request: APIRequestContext) {
  let tasks = 0;
  for (let cursor: string | null = ''; cursor !== null; ) {
    const page = (await (await request.get(`/api/ledger/tasks?service=gen3d&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json()) as { tasks: unknown[]; nextCursor: string | null };
    tasks += page.tasks.length;
    cursor = page.nextCursor;
  }
  return tasks;
}

/** What left for the service: creates seen by the sandbox, and tasks in the console's ledger. */
async function sent(request: APIRequestContext, sandbox: SandboxControl) {
  const creates = (await sandbox.requests()).filter((r) => r.method === 'POST').length;
  return { creates, tasks: await ledgerTasks(request) };
}

async function previewTask(request: APIRequestContext, prompt: string) {
  const created = await request.post('/api/gen3d/openapi/v2/text-to-3d', { data: { mode: 'preview', prompt, ai_model: 'model-5' } });
  const id = ((await created.json()) as { result: string }).result;
  await expect
    .poll(async () => ((await (await request.get(`/api/ledger/gen3d/tasks/${id}`)).json()) as { task: { status: string } }).task.status, { timeout: 60_000 })
    .toBe('SUCCEEDED');
  return id;
}

const chainPanel = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Continue from this task' }) });

test('image to 3D from a picture picked on disk reaches SUCCEEDED; its older model goes to print analysis by the service’s own URL, and by id is refused before sending', async ({ page, request, sandbox, taskPage }) => {
  await page.goto('/3d');
  await page.getByRole('link', { name: 'New task of another type →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New 3D task' })).toBeVisible();
  await page.getByRole('link', { name: 'Image to 3D', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Image to 3D' })).toBeVisible();

  // Nothing chosen: the form says so beside the field and sends nothing.
  const before = await sent(request, sandbox);
  await page.getByRole('button', { name: 'Queue image to 3D' }).click();
  await expect(page.getByText('Picture must be a URL or a base64 data URI.')).toBeVisible();
  expect(await sent(request, sandbox)).toEqual(before);

  await page.getByLabel('Choose a picture').setInputFiles({ name: 'vase.png', mimeType: 'image/png', buffer: vase() });
  await expect(page.getByRole('img', { name: /Chosen picture: vase\.png/ })).toBeVisible();
  await page.getByLabel('AI model').selectOption('meshy-5');
  await expect(page.getByRole('status', { name: 'Price' })).toContainText('Costs 5 to 30 credits (the spend guard counts 30) · balance');
  await page.getByRole('button', { name: 'Queue image to 3D' }).click();

  await expect(page).toHaveURL(/\/3d\/tasks\/[\w-]+$/);
  const taskId = page.url().split('/').pop() as string;
  await expect(taskPage.status).toHaveText('Succeeded', { timeout: 60_000 });
  await taskPage.waitForModel();
  const record = (await (await request.get(`/api/ledger/gen3d/tasks/${taskId}`)).json()) as { request: { image_url: string } };
  expect(record.request.image_url).toMatch(/^data:image\/png;base64,|\/files\//);

  // The chain: print analysis of a meshy-5 task takes the model as a file, said before paying.
  const panel = chainPanel(page);
  await expect(panel.getByText('A meshy-5 task goes to print analysis as its model file (model_url).')).toBeVisible();
  await panel.getByRole('link', { name: 'Print analysis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Print analysis' })).toBeVisible();
  // The service's own signed URL of the model is still valid: it goes back as model_url (no file to read).
  await expect(page.getByText(`The service's own signed URL of task ${taskId.slice(0, 8)}'s model, sent back while it is valid (model_url).`)).toBeVisible();
  await expect(page.getByLabel('Model URL')).toHaveValue(/^http:\/\/sandbox\.invalid\/sandbox\/gen3d\/files\//);

  // By id instead: refused beside the field, nothing leaves.
  const atRefusal = await sent(request, sandbox);
  await page.getByRole('radio', { name: 'A task' }).check();
  await expect(page.getByLabel('Task id')).toHaveValue(taskId);
  await page.getByRole('button', { name: 'Queue analysis' }).click();
  await expect(page.getByText('Print analysis takes by id only model-6 or preview tasks; this is a meshy-5 task. Send its model as model_url instead.')).toBeVisible();
  await expect(page.getByLabel('Task id')).toHaveAttribute('aria-invalid', 'true');
  expect(await sent(request, sandbox)).toEqual(atRefusal);

  // As the service's URL, it goes and succeeds.
  await page.getByRole('radio', { name: 'A URL' }).check();
  await page.getByRole('button', { name: 'Queue analysis' }).click();
  await expect(page).toHaveURL(/\/3d\/tasks\/[\w-]+$/);
  await expect(taskPage.status).toHaveText('Succeeded', { timeout: 60_000 });
  const analysis = (await (await request.get(`/api/ledger/gen3d/tasks/${page.url().split('/').pop()}`)).json()) as { request: { model_url?: string; input_task_id?: string } };
  expect(analysis.request.input_task_id).toBeUndefined();
  expect(analysis.request.model_url).toMatch(/^http:\/\/sandbox\.invalid\/sandbox\/gen3d\/files\//);
});

test('remesh chained from a succeeded preview: filled in from its page, queued, succeeded, with its lineage', async ({ page, request, taskPage }) => {
  const prompt = `a stone lantern ${Math.random().toString(36).slice(2, 7)}`;
  const previewId = await previewTask(request, prompt);
  await page.goto(`/3d/tasks/${previewId}`);
  await expect(page.getByRole('heading', { level: 1, name: prompt })).toBeVisible();
  const panel = chainPanel(page);
  // A preview offers the model operations and nothing of images, products or animation.
  await expect(panel.getByRole('list', { name: 'Operations that take this task' }).getByRole('link')).toHaveText([
    'Retexture',
    'Remesh',
    'Convert',
    'Resize',
    'UV unwrap',
    'Rigging',
    'Print analysis',
    'Print repair',
    'Multi-color print',
  ]);
  await panel.getByRole('link', { name: 'Remesh' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remesh' })).toBeVisible();
  await expect(page.getByLabel('Task id')).toHaveValue(previewId);
  await expect(page.getByRole('status', { name: 'Price' })).toContainText('Costs 5 credits');

  // Out of range: the contract's message beside the field.
  await page.getByLabel('Target polycount').fill('50');
  await page.getByRole('button', { name: 'Queue remesh' }).click();
  await expect(page.getByText('Target polycount is 100 to 300,000.')).toBeVisible();
  await page.getByLabel('Target polycount').fill('2000');
  await page.getByRole('button', { name: 'Queue remesh' }).click();

  await expect(page).toHaveURL(/\/3d\/tasks\/[\w-]+$/);
  expect(page.url()).not.toContain(previewId);
  await expect(taskPage.status).toHaveText('Succeeded', { timeout: 60_000 });
  await taskPage.waitForModel();
  const remeshId = page.url().split('/').pop() as string;
  const remesh = (await (await request.get(`/api/ledger/gen3d/tasks/${remeshId}`)).json()) as { task: { face_count: number | null } };
  expect(remesh.task.face_count).toBeLessThanOrEqual(2000);
  await expect(chainPanel(page).getByRole('region', { name: 'Made from' }).getByRole('link', { name: `Preview ${previewId.slice(0, 8)}` })).toBeVisible();

  // The preview now lists it as made from it.
  await chainPanel(page).getByRole('link', { name: `Preview ${previewId.slice(0, 8)}` }).click();
  await expect(chainPanel(page).getByRole('region', { name: 'Made from this task' }).getByRole('link', { name: `Remesh ${remeshId.slice(0, 8)}` })).toBeVisible();
});

test('a failed remesh tells its own refund (5 credits, not a preview’s 20), gives no advice about a prompt it has none of, and opens its form again on the same model', async ({ page, request, sandbox, taskPage }) => {
  const previewId = await previewTask(request, `a clay pot ${Math.random().toString(36).slice(2, 7)}`);
  await sandbox.fault({ kind: 'fail-task', reason: 'internal' });
  const created = await request.post('/api/gen3d/openapi/v1/remesh', { data: { input_task_id: previewId, target_polycount: 2000, topology: 'triangle', target_formats: ['glb'] } });
  const remeshId = ((await created.json()) as { result: string }).result;
  await page.goto(`/3d/tasks/${remeshId}`);
  await expect(taskPage.status).toHaveText('Failed', { timeout: 60_000 });
  const outcome = page.getByRole('region', { name: /^The task failed/ });
  await expect(outcome).toContainText('Refunded: the 5 credits charged when it was queued');
  await expect(outcome).not.toContainText('prompt');
  await outcome.getByRole('link', { name: 'New remesh task from the same source' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remesh' })).toBeVisible();
  await expect(page.getByLabel('Task id')).toHaveValue(previewId);
});

test('a model file above 40,000 faces is refused for UV unwrap, and a build from a preview, each explained with nothing sent', async ({ page, request, sandbox }) => {
  await page.goto('/3d/new/uv-unwrap');
  await page.getByRole('radio', { name: 'A file' }).check();
  // A GLB whose index accessor declares 150,003 indices: 50,001 triangles, read from its JSON chunk in the browser.
  const glb = makeGlb({ asset: { version: '2.0' }, accessors: [{ count: 150_003, componentType: 5125, type: 'SCALAR' }], meshes: [{ primitives: [{ indices: 0 }] }] });
  await page.getByLabel('Choose a model (GLB, OBJ, STL)').setInputFiles({ name: 'dense.glb', mimeType: 'model/gltf-binary', buffer: Buffer.from(glb) });
  await expect(page.getByText(/dense\.glb · GLB · .* · 50,001 faces/)).toBeVisible();
  const before = await sent(request, sandbox);
  await page.getByRole('button', { name: 'Queue UV unwrap' }).click();
  await expect(page.getByText('UV unwrap takes at most 40,000 faces; this model has 50,001. Remesh it to fewer faces first.')).toBeVisible();
  expect(await sent(request, sandbox)).toEqual(before);

  const previewId = await previewTask(request, `a clay owl ${Math.random().toString(36).slice(2, 7)}`);
  await page.goto(`/3d/new/build?from=${previewId}&product=lamp`);
  await expect(page.getByLabel('Prototype task')).toHaveValue(previewId);
  await expect(page.getByRole('status', { name: 'Price' })).toContainText('Costs 30 credits');
  // Said on arrival, then beside the field when queued anyway; nothing leaves.
  const why = page.getByText('A build takes a succeeded prototype of the same product; this task is a text-to-3d-preview.');
  await expect(page.getByText('Not possible from this task')).toBeVisible();
  await expect(why).toHaveCount(1);
  const atBuild = await sent(request, sandbox);
  await page.getByRole('button', { name: 'Queue build' }).click();
  await expect(why).toHaveCount(2);
  await expect(page.getByLabel('Prototype task')).toHaveAttribute('aria-invalid', 'true');
  expect(await sent(request, sandbox)).toEqual(atBuild);
});

test('text to motion: a prompt made into a BVH clip of the asked duration, priced first, downloaded from the archive', async ({ page, taskPage }) => {
  await page.goto('/3d/new/text-to-motion');
  await expect(page.getByRole('heading', { level: 1, name: 'Text to motion' })).toBeVisible();
  await page.getByLabel('Prompt').fill('a friendly wave hello');
  await page.getByLabel('Duration in seconds').fill('3.3');
  await page.getByRole('button', { name: 'Queue text to motion' }).click();
  await expect(page.getByText('duration goes in steps of 0.5 seconds')).toBeVisible();
  await page.getByLabel('Duration in seconds').fill('2.5');
  await expect(page.getByRole('status', { name: 'Price' })).toContainText('Costs 3 credits');
  await page.getByRole('button', { name: 'Queue text to motion' }).click();

  await expect(page).toHaveURL(/\/3d\/tasks\/[\w-]+$/);
  await expect(taskPage.status).toHaveText('Succeeded', { timeout: 60_000 });
  // Its page offers the clip itself for download, and no texture maps (it is not a model).
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Downloads' }) }).getByRole('link')).toHaveText(['Download motion BVH']);
  await expect(page.getByRole('heading', { name: 'Textures' })).toHaveCount(0);
  const files = page.getByRole('list', { name: 'Archived files' });
  const motion = files.getByRole('listitem').filter({ hasText: 'result.motion_url' });
  await expect(motion.getByText('Archived', { exact: true })).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), motion.getByRole('link', { name: 'Download result.motion_url' }).click()]);
  const text = await (await import('node:fs/promises')).readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('HIERARCHY\nROOT Hips')).toBe(true);
  expect(text).toContain(`Frames: ${2.5 * 30 + 1}`);
});
