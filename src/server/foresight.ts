import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { LedgerTask } from '../contracts/bff';
import { modelOnOpen } from '../contracts/gen3d/viewable';

/*
 * What the server can foresee of a page it serves. A finished task's page (`/3d/tasks/<id>`) needs
 * the task, the route's chunks, the viewer's chunk and the model file: without help the browser asks
 * for them one after the other (app → route chunk → its imports → task → viewer → model), about
 * half a second on this machine before the model's download even starts. The page the server sends
 * names them all at once (modulepreload, a preload of the model) and carries the task's answer, so
 * everything downloads while the app starts.
 */

/** One chunk of Vite's build manifest (`build.manifest`). */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The modules a finished task's page runs before its first frame, as the build names their sources. */
const TASK_PAGE_SOURCES = ['src/web/routes/3d/tasks/$taskId.tsx', 'src/web/features/gen3d/components/viewer/index.tsx'];
/** The router's split parts of a route the page needs at once (not its error and pending parts). */
const NEEDED_SPLITS = new Set(['', 'tsr-split=loader', 'tsr-split=component']);

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
 * The head additions for the page at `c`'s path (empty for pages it cannot foresee). The task is read
 * through the console's own API in-process, with the page request's headers (its sign-in), so the
 * page carries exactly what that read would answer, or nothing.
 */
export function foresight(app: Hono, distDir: string, now: () => number): (c: Context) => Promise<string> {
  const manifest = manifestReader(distDir);
  return async (c) => {
    const match = TASK_PAGE.exec(c.req.path);
    if (!match?.[1] || c.req.method !== 'GET') return '';
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return '';
    }
    if (!id.trim() || id.length > 200) return '';
    const path = `/api/ledger/gen3d/tasks/${encodeURIComponent(id)}`;
    const headers = new Headers(c.req.raw.headers);
    headers.set('accept', 'application/json');
    headers.delete('accept-encoding');
    const res = await app.request(path, { headers });
    if (!res.ok) return '';
    const body = (await res.json()) as unknown;
    const task = LedgerTask.safeParse(body);
    if (!task.success) return '';
    const lines = (manifest() ? chunkFiles(manifest() as Manifest, TASK_PAGE_SOURCES) : []).map((file) => `<link rel="modulepreload" href="/${escapeAttr(file)}">`);
    const model = modelOnOpen(task.data, now());
    // `crossorigin` makes the preload's request the viewer's own fetch (CORS mode, same-origin credentials), so it is reused.
    if (model) lines.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttr(model.src)}">`);
    lines.push(`<script type="application/json" id="triptych-first-answers">${scriptJson({ [path]: body })}</script>`);
    return lines.join('\n');
  };
}
