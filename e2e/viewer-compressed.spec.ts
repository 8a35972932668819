import type { Page } from '@playwright/test';
import { compressedGlb, type CompressedKind } from './fixtures/compressed-glb';
import { cubeGlb, glbDataUri } from './fixtures/glb';
import { TaskPage } from './pages/task-page';
import { expect, test } from './fixtures/test';

test.describe.configure({ mode: 'parallel' });

/**
 * Compressed GLBs open (issue 25): Draco and meshopt geometry and KTX2 textures, on the inspect
 * page and on a task's page, each drawn and validated. Their decoders come from the console's own
 * origin, and only for a file that needs them.
 */

/** The same-origin files the page fetched that are decoders (three's Draco and Basis wasm, meshoptimizer's decoder). */
function decoderRequests(page: Page): { urls: string[] } {
  const seen = { urls: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/draco|basis|meshopt/i.test(url.pathname)) seen.urls.push(url.origin === new URL(page.url()).origin ? url.pathname : url.href);
  });
  return seen;
}

const decoderFile: Record<CompressedKind, RegExp> = {
  draco: /^\/assets\/draco_decoder-[\w-]+\.wasm$/,
  ktx2: /^\/assets\/basis_transcoder-[\w-]+\.wasm$/,
  meshopt: /^\/assets\/meshopt_decoder-[\w-]+\.js$/,
};

async function drop(page: Page, name: string, bytes: Buffer) {
  const data = await page.evaluateHandle(
    ([file, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(content)], file, { type: 'model/gltf-binary' }));
      return transfer;
    },
    [name, [...bytes]] as const,
  );
  await page.getByTestId('model-drop-zone').dispatchEvent('drop', { dataTransfer: data });
}

/** What a drawn sphere shows: the checker's red and green squares (KTX2), or the plain blue material. */
async function expectDrawn(viewer: TaskPage, kind: CompressedKind) {
  const drawn = await viewer.canvasPixels();
  expect(drawn.covered).toBeGreaterThan(0.05);
  const hues = await viewer.canvasHues();
  if (kind === 'ktx2') {
    expect(hues.red).toBeGreaterThan(0.01);
    expect(hues.green).toBeGreaterThan(0.01);
  } else {
    expect(hues.blue).toBeGreaterThan(0.03);
  }
}

for (const kind of ['draco', 'meshopt', 'ktx2'] as const) {
  test(`a ${kind}-compressed GLB dropped on the inspect page is drawn and validated; its decoder comes from the console`, async ({ page }) => {
    const viewer = new TaskPage(page);
    const decoders = decoderRequests(page);
    await page.goto('/3d/inspect');
    // A plain GLB needs no decoder: none is fetched.
    await drop(page, 'plain.glb', cubeGlb());
    await viewer.waitForModel();
    expect(decoders.urls).toEqual([]);

    await drop(page, `${kind}.glb`, await compressedGlb(kind));
    await expect(page.getByTestId('model-drop-zone')).toContainText(`Showing “${kind}.glb”.`);
    await viewer.waitForModel();
    await expect.poll(() => viewer.canvasPixels().then((p) => p.covered)).toBeGreaterThan(0.05);
    await expectDrawn(viewer, kind);
    // One decoder, from this origin.
    expect(decoders.urls.filter((url) => decoderFile[kind].test(url))).toHaveLength(1);
    expect(decoders.urls.every((url) => url.startsWith('/assets/'))).toBe(true);

    const inspect = page.getByRole('region', { name: 'Inspect' });
    await expect(inspect).toContainText('1 × 1 × 1 m');
    await inspect.getByRole('button', { name: 'Validate with the Khronos glTF validator' }).click();
    await expect(inspect.getByRole('status')).toContainText('Valid glTF: 0 errors');
  });

  test(`a task made from a ${kind}-compressed GLB shows it on its page`, async ({ page, request }) => {
    const res = await request.post('/api/gen3d/openapi/v1/print/analyze', { data: { model_url: glbDataUri(await compressedGlb(kind)) } });
    expect(res.ok(), await res.text()).toBe(true);
    const id = ((await res.json()) as { result: string }).result;
    await expect
      .poll(async () => ((await (await request.get(`/api/ledger/gen3d/tasks/${id}`)).json()) as { task: { status: string } }).task.status, { timeout: 60_000 })
      .toBe('SUCCEEDED');
    const viewer = new TaskPage(page);
    await page.goto(`/3d/tasks/${id}`);
    await viewer.waitForModel();
    await expect.poll(() => viewer.canvasPixels().then((p) => p.covered)).toBeGreaterThan(0.05);
    await expectDrawn(viewer, kind);
    // The sandbox read the compressed sphere as the service does: a closed shape, no hole.
    const print = page.getByRole('region', { name: 'Printability' });
    await expect(print).toContainText(/Watertight\s*yes/);
    await expect(print).toContainText(/Holes\s*0/);
  });
}
