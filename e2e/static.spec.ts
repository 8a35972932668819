import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures/test';

test('the first page arrives compressed, and Chromium draws it', async ({ page }) => {
  const files: Array<{ path: string; encoding: string | null; vary: string | null; sent: number; size: number }> = [];
  // Each finished request is read in full before the page closes (a read still running then fails).
  const reads: Array<Promise<void>> = [];
  const onFinished = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') || request.resourceType() === 'eventsource') return;
    reads.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const headers = await response.allHeaders();
        const sizes = await request.sizes();
        files.push({ path, encoding: headers['content-encoding'] ?? null, vary: headers.vary ?? null, sent: sizes.responseBodySize, size: (await response.body()).length });
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto('/3d');
  await expect(page.getByRole('heading', { name: '3D tasks', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // No read starts after this one (a request finishing later would be read after the test ended).
  page.off('requestfinished', onFinished);
  await Promise.all(reads);

  const page3d = files.find((f) => f.path === '/3d');
  expect(page3d?.encoding).toBe('br');
  const scripts = files.filter((f) => /^\/assets\/.*\.(js|css)$/.test(f.path));
  // The app (framework, console and queue in one file), the bundler's runtime and the stylesheet.
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  // The model's early download belongs to a finished task's page: the queue does not load it.
  expect(scripts.map((f) => f.path).filter((p) => /\/early-download-/.test(p))).toEqual([]);
  for (const f of scripts) {
    expect(f.vary, f.path).toMatch(/Accept-Encoding/);
    // Files under 1 KB are not worth compressing; every other one comes as brotli.
    if (f.size > 1024) expect(f.encoding, f.path).toBe('br');
  }
  const sent = files.reduce((n, f) => n + f.sent, 0);
  const size = files.reduce((n, f) => n + f.size, 0);
  expect(sent).toBeLessThan(size / 2.5);
});

/**
 * Nothing is fetched from a CDN at run time (issue 25): drei's defaults (Draco from gstatic, KTX2
 * from jsdelivr, environment presets from githack, GPU tiers from unpkg) and three's examples name
 * such hosts. The build the console serves must name none; the decoders are its own files.
 */
test('the built app names no CDN host', async () => {
  const cdn = /\b(?:[\w-]+\.)*(?:gstatic\.com|jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|esm\.sh|skypack\.dev|githack\.com|githubusercontent\.com|pmnd\.rs\/[\w/-]*assets|drei-assets|cdn\.[\w-]+\.\w+)/g;
  const files = (await readdir('dist/assets')).filter((f) => /\.(js|css|wasm)$/.test(f));
  expect(files.length).toBeGreaterThan(20);
  const named: string[] = [];
  for (const file of [...files.map((f) => join('dist/assets', f)), 'dist/index.html']) {
    const text = (await readFile(file)).toString('latin1');
    for (const m of text.matchAll(cdn)) named.push(`${file}: ${m[0]}`);
  }
  expect(named).toEqual([]);
  // The decoders are among the build's files.
  expect(files.filter((f) => /^(draco_decoder|basis_transcoder)-[\w-]+\.wasm$|^(meshopt_decoder|ktx2-worker)-[\w-]+\.js$/.test(f)).length).toBeGreaterThanOrEqual(4);
});
