import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { LedgerTask } from '../contracts/bff';
import { modelFilesToPrefetch } from '../contracts/gen3d/viewable-model';

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

const ROUTES_DIR = 'src/web/routes/';
const VIEWER = 'src/web/features/gen3d/components/viewer/index.tsx';
/** Pages that show a model at once: the viewer's chunk is theirs too. */
const VIEWER_PAGES = new Set([`${ROUTES_DIR}3d/tasks/$taskId.tsx`, `${ROUTES_DIR}3d/inspect.tsx`, `${ROUTES_DIR}3d/compare.tsx`]);
/** The router's split parts of a route the page needs at once (not its error and pending parts). */
const NEEDED_SPLITS = new Set(['', 'tsr-split=loader', 'tsr-split=component']);
/** The chunk (a codeSplitting group of vite.config.ts) that starts a model's download before the app. */
const EARLY_DOWNLOAD = 'early-download';

/**
 * The route files (as the build names their sources) that draw `path`, by the router's file
 * conventions: the page's own file (a static segment wins over a `$param`) and the `route.tsx`
 * layouts above it. Null when no page matches.
 */
export function routeSources(manifest: Manifest, path: string): string[] | null {
  const files = new Set(Object.keys(manifest).flatMap((key) => (key.startsWith(ROUTES_DIR) ? [key.split('?')[0] as string] : [])));
  const want = path.split('/').filter(Boolean);
  let best: { file: string; statics: number } | null = null;
  const layouts: string[] = [];
  for (const file of files) {
    const segments = file.slice(ROUTES_DIR.length).replace(/\.tsx?$/, '').split('/');
    if (segments.some((s) => s.startsWith('-') || s === '__root')) continue;
    const last = segments.at(-1);
    if (last === 'route') {
      const dir = segments.slice(0, -1);
      if (dir.every((s, i) => s === want[i] || (s.startsWith('$') && want[i] !== undefined))) layouts.push(file);
      continue;
    }
    const page = last === 'index' ? segments.slice(0, -1) : segments;
    if (page.length !== want.length || !page.every((s, i) => s === want[i] || s.startsWith('$'))) continue;
    const statics = page.filter((s) => !s.startsWith('$')).length;
    if (!best || statics > best.statics) best = { file, statics };
  }
  return best ? [...layouts, best.file, ...(VIEWER_PAGES.has(best.file) ? [VIEWER] : [])] : null;
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

/** The build's manifest, re-read when a new build replaces it; null when there is none. */
function manifestReader(distDir: string): () => Manifest | null {
  const path = join(distDir, '.vite', 'manifest.json');
  let cached: { mtime: number; manifest: Manifest | null } | null = null;
  return () => {
    if (!existsSync(path)) return null;
    const mtime = statSync(path).mtimeMs;
    if (cached?.mtime !== mtime) {
      let manifest: Manifest | null = null;
      try {
        manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
      } catch {
        // A build being written: no hints this time.
      }
      cached = { mtime, manifest };
    }
    return cached.manifest;
  };
}

/** Text made safe inside a double-quoted HTML attribute. */
export const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside a `<script type="application/json">`: no `<` can close it or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const TASK_PAGE = /^\/3d\/tasks\/([^/]+)\/?$/;

/**
 * The head additions for the page at `c`'s path: modulepreloads of its chunks for any page, and for a
 * task's page the task's answer. The task is read through the console's own API in-process, with the
 * page request's headers (its sign-in), so the page carries exactly what that read would answer, or
 * nothing.
 */
export function foresight(app: Hono, distDir: string): (c: Context) => Promise<{ first: string; last: string }> {
  const manifest = manifestReader(distDir);
  return async (c) => {
    if (c.req.method !== 'GET') return { first: '', last: '' };
    const built = manifest();
    const sources = built ? routeSources(built, c.req.path) : null;
    const lines = built && sources ? chunkFiles(built, sources).map((file) => `<link rel="modulepreload" href="/${escapeAttr(file)}">`) : [];
    const first: string[] = [];
    const task = await taskAnswer(app, c);
    if (task) {
      lines.push(`<script type="application/json" id="triptych-first-answers">${scriptJson({ [task.path]: task.body })}</script>`);
      const files = modelFilesToPrefetch(task.task, Date.now());
      const early = built ? Object.values(built).find((chunk) => chunk.name === EARLY_DOWNLOAD) : undefined;
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
async function taskAnswer(app: Hono, c: Context): Promise<{ path: string; body: unknown; task: LedgerTask } | null> {
  const match = TASK_PAGE.exec(c.req.path);
  if (!match?.[1]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  if (!id.trim() || id.length > 200) return null;
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
