import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LedgerTask } from '../contracts/bff';
import { chunkFiles, routeSources, type Manifest } from './foresight';
import { makeKit, previewBody } from './testing/kit';

/** A build's manifest as Vite writes it: the entry, a task page split in two, the viewer, and what they share. */
const manifest: Manifest = {
  'index.html': { file: 'assets/app-1.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  '_queries.js': { file: 'assets/queries-1.js', imports: ['_framework.js'] },
  '_three.js': { file: 'assets/three-1.js' },
  'src/web/routes/3d/tasks/$taskId.tsx?tsr-split=loader': { file: 'assets/taskId-loader.js', imports: ['_queries.js'] },
  'src/web/routes/3d/tasks/$taskId.tsx?tsr-split=component': { file: 'assets/taskId-page.js', imports: ['_queries.js', '_framework.js'] },
  'src/web/routes/3d/tasks/$taskId.tsx?tsr-split=errorComponent': { file: 'assets/taskId-error.js' },
  'src/web/features/gen3d/components/viewer/index.tsx': { file: 'assets/viewer-1.js', imports: ['_three.js'] },
  'src/web/routes/3d/tasks/index.tsx?tsr-split=component': { file: 'assets/tasks-list.js' },
  'src/web/routes/3d/tasks/new.tsx?tsr-split=component': { file: 'assets/tasks-new.js' },
  'src/web/routes/social/index.tsx?tsr-split=component': { file: 'assets/social-1.js' },
  'src/web/routes/social/route.tsx?tsr-split=component': { file: 'assets/social-layout.js' },
  'src/web/routes/social/-components/tabs.tsx': { file: 'assets/social-tabs.js' },
  '_early-download-1.js': { file: 'assets/early-download-1.js', name: 'early-download' },
};

describe('which chunks a page needs at once', () => {
  it("names the route's loader and page, the viewer and what they import, not what the entry loads or the error part", () => {
    const files = chunkFiles(manifest, ['src/web/routes/3d/tasks/$taskId.tsx', 'src/web/features/gen3d/components/viewer/index.tsx']);
    expect(files.sort()).toEqual(['assets/queries-1.js', 'assets/taskId-loader.js', 'assets/taskId-page.js', 'assets/three-1.js', 'assets/viewer-1.js']);
  });
});

describe('which route files draw a path', () => {
  it("finds the page's file by the router's conventions: index, $param, a static segment first, layouts above", () => {
    expect(routeSources(manifest, '/3d/tasks/abc')).toEqual(['src/web/routes/3d/tasks/$taskId.tsx', 'src/web/features/gen3d/components/viewer/index.tsx']);
    expect(routeSources(manifest, '/3d/tasks/new')).toEqual(['src/web/routes/3d/tasks/new.tsx']);
    expect(routeSources(manifest, '/3d/tasks')).toEqual(['src/web/routes/3d/tasks/index.tsx']);
    expect(routeSources(manifest, '/social/')).toEqual(['src/web/routes/social/route.tsx', 'src/web/routes/social/index.tsx']);
    expect(routeSources(manifest, '/social/-components/tabs')).toBeNull();
    expect(routeSources(manifest, '/nowhere')).toBeNull();
  });
});

describe("a finished task's page names what it will load", () => {
  const dist = mkdtempSync(join(tmpdir(), 'triptych-foresight-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>Triptych console</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));

  it('preloads the chunks and carries the task the page reads first', async () => {
    const kit = await makeKit({ distDir: dist });
    try {
      const created = await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a foreseen chair') });
      const done = await kit.waitFor(created.body.result, (t) => t.task.status === 'SUCCEEDED' && (t.task.model_urls.glb ?? '').startsWith('/'));
      const page = await kit.req(`/3d/tasks/${done.id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const file of ['assets/taskId-loader.js', 'assets/taskId-page.js', 'assets/viewer-1.js', 'assets/three-1.js']) expect(html).toContain(`<link rel="modulepreload" href="/${file}">`);
      expect(html).not.toContain('framework-1.js');
      // The model is not preloaded from the page: the page names its file and, before the app's own
      // scripts, runs the chunk that downloads it in a worker.
      expect(html).not.toContain('rel="preload"');
      const early = html.indexOf('<script type="module" async fetchpriority="high" src="/assets/early-download-1.js"></script>');
      expect(early).toBeGreaterThan(html.indexOf('<meta charset'));
      expect(early).toBeLessThan(html.indexOf('src="/assets/app-1.js"'));
      const files = /<script type="application\/json" id="triptych-model-files">(.*?)<\/script>/s.exec(html)?.[1];
      expect(JSON.parse(files ?? 'null')).toEqual([done.task.model_urls.glb]);
      const carried = /<script type="application\/json" id="triptych-first-answers">(.*?)<\/script>/s.exec(html)?.[1];
      const answers = JSON.parse(carried ?? 'null') as Record<string, unknown>;
      const task = LedgerTask.parse(answers[`/api/ledger/gen3d/tasks/${done.id}`]);
      expect(task.task.prompt).toBe('a foreseen chair');
      // The build's own records are not served.
      expect(await (await kit.req('/.vite/manifest.json')).text()).not.toContain('taskId-loader');

      // A task still running: its chunks and its answer.
      const running = await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a chair on its way </script><script>alert(1)</script>') });
      const runningHtml = await (await kit.req(`/3d/tasks/${running.body.result}`)).text();
      expect(runningHtml).toContain('taskId-page.js');
      // Nothing to download yet.
      expect(runningHtml).not.toContain('early-download-1.js');
      expect(runningHtml).not.toContain('triptych-model-files');
      // The prompt's markup stays text inside the JSON.
      expect(runningHtml).not.toContain('<script>alert(1)');
      expect(runningHtml).toContain('\\u003c/script>\\u003cscript>alert(1)');

      // An unknown task: its page's chunks, no answer. Another page: its own chunks only.
      const unknown = await (await kit.req('/3d/tasks/no-such-task')).text();
      expect(unknown).toContain('taskId-page.js');
      expect(unknown).not.toContain('triptych-first-answers');
      const social = await (await kit.req('/social')).text();
      expect(social).toContain('<link rel="modulepreload" href="/assets/social-1.js">');
      expect(social).toContain('social-layout.js');
      expect(social).not.toContain('viewer-1.js');
      expect(await (await kit.req('/no-such-page')).text()).not.toContain('modulepreload');
    } finally {
      await kit.close();
    }
  });
});
