import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { LedgerTask } from '../contracts/bff';
import { modelFilesToPrefetch } from '../contracts/gen3d/viewable-model';
import { pageMatcher, RouteRecords, ROUTE_RECORDS_FILE, type PageMatch } from './page-routes';

/*
 * What the server can foresee of a page it serves. A finished task's page (`/3d/tasks/<id>`) needs
 * the task, the route's chunks, the viewer's chunk and the model file: without help the browser asks
 * for them one after the other (app → route chunk → its imports → task → viewer → model), about
 * half a second on this machine before the model's download even starts. The page the server sends
 * names the chunks at once (modulepreload) and carries the task's answer, so the chunks download
 * while the app starts. It also names the model's files and runs the chunk that downloads them in a
 * worker (web/features/gen3d/components/early-download.ts) before the app: the model arrives while
 * the app starts, and its bytes never wait for the page's busy thread. (A `<link rel="preload">` of
 * the model did: on this machine its 5 MB arriving on the page's thread during the app's start-up
 * delayed the first frame by about 100 ms, at low fetch priority too.)
 */

/** One chunk of Vite's build manifest (`build.manifest`). */
type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The viewer's source, as the build's manifest names it. */
const VIEWER = 'src/web/features/gen3d/components/viewer/index.tsx';
/** A task's page, by the router's id for its route: the server carries the task's answer in it. */
const TASK_PAGE = '/3d/tasks/$taskId';
/** The routes (by the router's ids) whose pages show a model at once: the viewer's chunk is theirs too. */
const VIEWER_PAGES = new Set([TASK_PAGE, '/3d/inspect', '/3d/compare']);
/** The router's split parts of a route the page needs at once (not its error and pending parts). */
const NEEDED_SPLITS = new Set(['', 'tsr-split=loader', 'tsr-split=component']);
/** The chunk (a codeSplitting group of vite.config.ts) that starts a model's download before the app. */
const EARLY_DOWNLOAD = 'early-download';

/**
 * The source files that draw a page the router matched (page-routes.ts): its layouts' and its own,
 * and the viewer's on a page that shows a model.
 */
export function pageSources({ routes }: PageMatch): string[] {
  return [...routes.flatMap((route) => route.files), ...(routes.some((route) => VIEWER_PAGES.has(route.id)) ? [VIEWER] : [])];
}

/**
 * The chunk files `sources` need before they run (theirs and what they import, transitively),
 * less those the entry already loads (index.html names them itself).
 */
export function chunkFiles(manifest: Manifest, sources: readonly string[]): string[] {
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const needed = new Set<string>();
  for (const key of Object.keys(manifest)) {
    const [source, query = ''] = key.split('?');
    if (source !== undefined && sources.includes(source) && NEEDED_SPLITS.has(query)) walk(key, needed);
  }
  return [...needed].filter((key) => !entry.has(key)).map((key) => (manifest[key] as ManifestChunk).file);
}

/** What the server reads of a build: Vite's manifest, and the page matcher when the build wrote its route records. */
type Build = { manifest: Manifest; match: ((path: string) => PageMatch | null) | null };

/** A file of the build, parsed; null when it is missing or unreadable (a build being written). */
function readBuildFile<T>(path: string, parse: (text: string) => T): T | null {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The build's records, re-read when a new build replaces them; null when there is no build. */
function buildReader(distDir: string): () => Build | null {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const routesPath = join(distDir, ROUTE_RECORDS_FILE);
  const mtime = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : -1);
  let cached: { stamp: string; build: Build | null } | null = null;
  return () => {
    const stamp = `${mtime(manifestPath)}:${mtime(routesPath)}`;
    if (cached?.stamp !== stamp) {
      const manifest = readBuildFile(manifestPath, (text) => JSON.parse(text) as Manifest);
      const match = readBuildFile(routesPath, (text) => pageMatcher(RouteRecords.parse(JSON.parse(text))));
      cached = { stamp, build: manifest ? { manifest, match } : null };
    }
    return cached.build;
  };
}

/** Text made safe inside a double-quoted HTML attribute. */
export const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside a `<script type="application/json">`: no `<` can close it or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The head additions for the page at `c`'s path: modulepreloads of its chunks for any page, and for a
 * task's page the task's answer. The task is read through the console's own API in-process, with the
 * page request's headers (its sign-in), so the page carries exactly what that read would answer, or
 * nothing.
 */
export function pagePreload(app: Hono, distDir: string): (c: Context) => Promise<{ first: string; last: string }> {
  const build = buildReader(distDir);
  return async (c) => {
    if (c.req.method !== 'GET') return { first: '', last: '' };
    const built = build();
    const page = built?.match?.(c.req.path) ?? null;
    const lines = built && page ? chunkFiles(built.manifest, pageSources(page)).map((file) => `<link rel="modulepreload" href="/${escapeAttr(file)}">`) : [];
    const first: string[] = [];
    const task = page ? await taskAnswer(app, c, page) : null;
    if (task) {
      lines.push(`<script type="application/json" id="triptych-preloaded-answers">${scriptJson({ [task.path]: task.body })}</script>`);
      const files = modelFilesToPrefetch(task.task, Date.now());
      const early = built ? Object.values(built.manifest).find((chunk) => chunk.name === EARLY_DOWNLOAD) : undefined;
      if (files.length > 0 && early) {
        // First in the page, before the app's own scripts: the browser asks for it before them.
        first.push(`<script type="application/json" id="triptych-model-files">${scriptJson(files)}</script>`);
        first.push(`<script type="module" async fetchpriority="high" src="/${escapeAttr(early.file)}"></script>`);
      }
    }
    return { first: first.join('\n'), last: lines.join('\n') };
  };
}

/** A task page's task, read as the page will read it; null for other pages and when the read fails. */
async function taskAnswer(app: Hono, c: Context, page: PageMatch): Promise<{ path: string; body: unknown; task: LedgerTask } | null> {
  const id = page.routes.at(-1)?.id === TASK_PAGE ? page.params.taskId : undefined;
  if (!id?.trim() || id.length > 200) return null;
  const path = `/api/ledger/gen3d/tasks/${encodeURIComponent(id)}`;
  const headers = new Headers(c.req.raw.headers);
  headers.set('accept', 'application/json');
  headers.delete('accept-encoding');
  const res = await app.request(path, { headers });
  if (!res.ok) return null;
  const body = (await res.json()) as unknown;
  // Only an answer the page can read is carried.
  const task = LedgerTask.safeParse(body);
  return task.success ? { path, body, task: task.data } : null;
}
