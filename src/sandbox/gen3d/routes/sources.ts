import { openSync, readSync, closeSync } from 'node:fs';
import { declaredGlbFaces, detectFormat, type ModelFormat } from '../engine/mesh/io';
import type { JobMeta } from '../engine/jobs/types';
import type { TaskFiles } from '../engine/files';
import type { TaskRow } from '../store/store';
import { message } from '../dialect';
import type { Gen3dContext, Gen3dDeps } from './context';
import type { InputSaver } from './inputs';

/** A model a task takes: from `input_task_id` (a SUCCEEDED task with a model) or `model_url`. */
export type ModelSource = { path: string; row: TaskRow | null; faces: number | null; humanoid: boolean | null; format: ModelFormat | null };

const head = (path: string, n: number) => {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const read = readSync(fd, buf, 0, n, 0);
    return new Uint8Array(buf.subarray(0, read));
  } finally {
    closeSync(fd);
  }
};

/** The task an id names, SUCCEEDED, or the refusal: 404 unknown, 400 not finished. */
export function succeededTask(deps: Gen3dDeps, c: Gen3dContext, id: string, field: string): TaskRow | Response {
  const row = deps.store.get(c.get('account'), id);
  if (!row) return c.json(message(`${field} ${id} names no task of this account.`), 404);
  if (row.status !== 'SUCCEEDED') return c.json(message(`The task ${field} names is ${row.status}: only a SUCCEEDED task can be used.`), 400);
  return row;
}

export const filesOf = (row: TaskRow) => (row.files ? (JSON.parse(row.files) as TaskFiles) : {});
export const metaOf = (row: TaskRow) => (row.meta ? (JSON.parse(row.meta) as JobMeta) : {});

export function modelSource(deps: Gen3dDeps, c: Gen3dContext, body: { input_task_id?: string | undefined; model_url?: string | undefined }, saver: InputSaver): ModelSource | Response {
  if (body.input_task_id !== undefined) {
    const row = succeededTask(deps, c, body.input_task_id, 'input_task_id');
    if (row instanceof Response) return row;
    const files = filesOf(row);
    const name = files.glb ?? files.rigged_glb ?? files.stl ?? files.obj ?? files['3mf'];
    if (!name || name.endsWith('.3mf')) return c.json(message(`The input task (${row.type}) has no model to use; give a task that produced a GLB, or send model_url.`), 400);
    return { path: deps.files.path(row.id, name), row, faces: row.face_count, humanoid: metaOf(row).humanoid ?? null, format: detectFormat(head(deps.files.path(row.id, name), 512)) };
  }
  const saved = saver.take(body.model_url ?? '', 'model_url');
  if ('error' in saved) return c.json(message(saved.error), 400);
  const start = head(saved.path, 4 * 1024 * 1024);
  const format = detectFormat(start);
  if (!format) {
    saver.discard();
    return c.json(message('model_url must be a GLB, OBJ or STL file.'), 400);
  }
  (body as Record<string, unknown>).model_url = saved.url;
  return { path: saved.path, row: null, faces: format === 'glb' ? declaredGlbFaces(start) : null, humanoid: null, format };
}

/** Pictures an image task produced (text-to-image, image-to-image, a prototype), as file paths. */
export function taskImages(deps: Gen3dDeps, row: TaskRow): string[] {
  const files = filesOf(row);
  return Object.keys(files)
    .filter((k) => /^image_\d+$/.test(k))
    .sort()
    .map((k) => deps.files.path(row.id, files[k]!));
}
