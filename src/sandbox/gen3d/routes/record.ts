import type { TaskRow } from '../store/store';
import type { TaskFiles } from '../engine/files';

const THREE_DAYS = 3 * 24 * 3600 * 1000;

/** The document's two known failure messages. */
export const failureMessages = {
  busy: 'The server is busy. Please try again later.',
  internal: 'Internal server error.',
} as const;

export const expiresAt = (row: TaskRow) => (row.finished_at && row.status === 'SUCCEEDED' ? row.finished_at + THREE_DAYS : 0);

/**
 * A sandbox task as the service returns it: the document's fields plus the live fields of the
 * field notes, padded with empty values while running as the live service does.
 */
export function toRecord(row: TaskRow, opts: { origin: string; progress: number; precedingTasks: number }) {
  const request = JSON.parse(row.request) as Record<string, unknown>;
  const done = row.status === 'SUCCEEDED';
  const files: TaskFiles = done && row.files ? (JSON.parse(row.files) as TaskFiles) : {};
  const expires = expiresAt(row);
  const url = (name: string | undefined) => (name ? `${opts.origin}/sandbox/gen3d/files/${row.id}/${name}?expires=${expires}` : '');
  const modelUrls: Record<string, string> = done ? {} : { glb: '' };
  if (done) for (const format of ['glb', 'obj', 'stl', '3mf']) if (files[format]) modelUrls[format] = url(files[format]);
  const refine = row.type === 'text-to-3d-refine';
  const textures = refine && done
    ? [
        {
          base_color: url(files.texture_base_color),
          ...(files.texture_metallic ? { metallic: url(files.texture_metallic) } : {}),
          ...(files.texture_roughness ? { roughness: url(files.texture_roughness) } : {}),
          ...(files.texture_normal ? { normal: url(files.texture_normal) } : {}),
        },
      ]
    : done
      ? []
      : null;
  return {
    id: row.id,
    type: row.type,
    name: '',
    mode: refine ? 'refine' : 'preview',
    ...request,
    ai_model: (request.ai_model as string | undefined) ?? 'latest',
    status: row.status,
    progress: opts.progress,
    preceding_tasks: row.status === 'PENDING' ? opts.precedingTasks : 0,
    created_at: row.created_at,
    started_at: row.started_at ?? 0,
    finished_at: row.finished_at ?? 0,
    expires_at: expires,
    model_urls: modelUrls,
    thumbnail_url: done ? url(files.thumbnail) : '',
    texture_urls: textures,
    task_error: row.status === 'FAILED' ? { message: row.fail_message ?? failureMessages.internal } : done ? { message: '' } : null,
    consumed_credits: row.status === 'FAILED' || row.status === 'CANCELED' ? 0 : row.cost,
    ...(done && row.face_count !== null ? { face_count: row.face_count } : {}),
  };
}
