import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Generator, getConfig } from '@tanstack/router-generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRecordsOf } from '../../scripts/route-records';
import { LedgerTask } from '../contracts/bff';
import { chunkFiles, pageSources, type Manifest } from './page-preload';
import { pageMatcher, ROUTE_RECORDS_FILE, type RouteRecord } from './page-routes';
import { makeKit, previewBody } from './testing/kit';

const repo = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'triptych-page-preload-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The route records the build writes (scripts/route-records.ts), made by the router's own generator from the route files under `root`. */
async function routeRecordsFrom(root: string, routesDirectory: string): Promise<RouteRecord[]> {
  let records: RouteRecord[] = [];
  const config = getConfig(
    {
      target: 'react',
      routesDirectory,
      disableLogging: true,
      generatedRouteTree: join(mkdtempSync(join(scratch, 'tree-')), 'route-tree.gen.ts'),
      plugins: [{ name: 'route-records', onRouteTreeChanged: ({ routeNodes, acc }) => (records = routeRecordsOf(routeNodes, acc.routePiecesByPath, root)) }],
    },
    root,
  );
  await new Generator({ config, root }).run();
  return records;
}

/** A console's route files: a task page beside a static `new` and an index, a layout, a folder the router ignores, the model inspector. */
const fixtureRoot = join(scratch, 'app');
const fixtureRoutes = ['__root.tsx', '3d/tasks/$taskId.tsx', '3d/tasks/new.tsx', '3d/tasks/index.tsx', '3d/inspect.tsx', 'social/route.tsx', 'social/index.tsx', 'social/-components/tabs.tsx'];
let fixture: RouteRecord[] = [];
beforeAll(async () => {
  for (const file of fixtureRoutes) {
    const path = join(fixtureRoot, 'src/web/routes', file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
  }
  fixture = await routeRecordsFrom(fixtureRoot, 'src/web/routes');
});

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

/** The source files `records` name for the page at `path`; null when no page matches. */
const sourcesOf = (records: RouteRecord[]) => {
  const match = pageMatcher(records);
  return (path: string) => {
    const page = match(path);
    return page ? pageSources(page) : null;
  };
};

describe('which route files draw a path', () => {
  it("finds the page's file as the router matches it: index, $param, a static segment first, layouts above", () => {
    const sources = sourcesOf(fixture);
    expect(pageMatcher(fixture)('/3d/tasks/a%20b')?.params).toEqual({ taskId: 'a b' });
    expect(sources('/3d/tasks/abc')).toEqual(['src/web/routes/3d/tasks/$taskId.tsx', 'src/web/features/gen3d/components/viewer/index.tsx']);
    expect(sources('/3d/tasks/new')).toEqual(['src/web/routes/3d/tasks/new.tsx']);
    expect(sources('/3d/tasks')).toEqual(['src/web/routes/3d/tasks/index.tsx']);
    expect(sources('/social')).toEqual(['src/web/routes/social/route.tsx', 'src/web/routes/social/index.tsx']);
    expect(sources('/social/')).toEqual(['src/web/routes/social/route.tsx', 'src/web/routes/social/index.tsx']);
    expect(sources('/social/-components/tabs')).toBeNull();
    expect(sources('/social/nowhere')).toBeNull();
    expect(sources('/nowhere')).toBeNull();
    expect(sources('/3d/tasks/%E0%A4%A')).toBeNull();
  });

  it("names the viewer's chunk for the console's own pages that show a model at once, and not for the others", async () => {
    const sources = sourcesOf(await routeRecordsFrom(repo, 'src/web/routes'));
    const viewer = 'src/web/features/gen3d/components/viewer/index.tsx';
    expect(sources('/3d/tasks/abc')).toEqual(['src/web/routes/3d/tasks/$taskId.tsx', viewer]);
    expect(sources('/3d/inspect')).toContain(viewer);
    expect(sources('/3d/compare')).toContain(viewer);
    expect(sources('/3d')).toEqual(['src/web/routes/3d/index.tsx']);
    expect(sources('/agents/tasks/abc')).toEqual(['src/web/routes/agents/route.tsx', 'src/web/routes/agents/tasks/$taskId.tsx']);
  });
});

describe("a finished task's page names what it will load", () => {
  const dist = join(scratch, 'dist');
  beforeAll(() => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>Triptych console</title><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(dist, ROUTE_RECORDS_FILE), JSON.stringify(fixture));
  });

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
      const carried = /<script type="application\/json" id="triptych-preloaded-answers">(.*?)<\/script>/s.exec(html)?.[1];
      const answers = JSON.parse(carried ?? 'null') as Record<string, unknown>;
      const task = LedgerTask.parse(answers[`/api/ledger/gen3d/tasks/${done.id}`]);
      expect(task.task.prompt).toBe('a foreseen chair');
      // The build's own records are not served.
      expect(await (await kit.req('/.vite/manifest.json')).text()).not.toContain('taskId-loader');
      expect(await (await kit.req(`/${ROUTE_RECORDS_FILE}`)).text()).not.toContain('$taskId');

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
      expect(unknown).not.toContain('triptych-preloaded-answers');
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
