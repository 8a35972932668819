import type { TaskFiles } from '../engine/files';
import type { JobMeta } from '../engine/jobs/types';
import type { TaskRow } from '../store/store';

const THREE_DAYS = 3 * 24 * 3600 * 1000;

/** The document's two known failure messages. */
export const failureMessages = {
  busy: 'The server is busy. Please try again later.',
  internal: 'Internal server error.',
} as const;

export const expiresAt = (row: TaskRow) => (row.finished_at && row.status === 'SUCCEEDED' ? row.finished_at + THREE_DAYS : 0);

const modelFormats = ['glb', 'obj', 'stl', '3mf', 'usdz', 'fbx', 'blend'];
const textureTypes = new Set(['image-to-3d', 'multi-image-to-3d', 'remesh', 'retexture']);
const creativeLab = (type: string) => type.startsWith('creative-lab-');

export type RecordOptions = {
  /** The sandbox's base URL as the caller reached it (`http://host/sandbox/gen3d`). */
  base: string;
  progress: number;
  precedingTasks: number;
  /** `texture_urls` as an array of one set even where the live service sends one object (the Meshy CLI parses only arrays). */
  textureArray: boolean;
};

/**
 * A sandbox task as the service returns it: the document's fields plus the live fields of the live-service notes (docs/live-services.md#3d-generation--task-records) for its type, padded with empty values while running as the live service does. Counts are
 * numbers or absent, never null (the official clients validate them).
 */
export function toRecord(row: TaskRow, opts: RecordOptions) {
  const request = JSON.parse(row.request) as Record<string, unknown>;
  const done = row.status === 'SUCCEEDED';
  const files: TaskFiles = done && row.files ? (JSON.parse(row.files) as TaskFiles) : {};
  const meta: JobMeta = done && row.meta ? (JSON.parse(row.meta) as JobMeta) : {};
  const expires = expiresAt(row);
  const url = (name: string | undefined) => (name ? `${opts.base}/files/${row.id}/${name}?expires=${expires}` : '');
  const type = row.type;
  const isText3d = type.startsWith('text-to-3d-');
  const out: Record<string, unknown> = {
    id: row.id,
    type,
    name: typeof request.name === 'string' ? request.name : '',
    ...(isText3d ? { mode: type === 'text-to-3d-refine' ? 'refine' : 'preview' } : {}),
    ...request,
    ...(isText3d || textureTypes.has(type) ? { ai_model: (request.ai_model as string | undefined) ?? 'latest' } : {}),
    status: row.status,
    progress: opts.progress,
    preceding_tasks: row.status === 'PENDING' ? opts.precedingTasks : 0,
    created_at: row.created_at,
    started_at: row.started_at ?? 0,
    finished_at: row.finished_at ?? 0,
    expires_at: creativeLab(type) ? (expires || null) : expires,
    task_error: row.status === 'FAILED' ? { message: row.fail_message ?? failureMessages.internal } : done ? { message: '' } : null,
    consumed_credits: row.status === 'FAILED' || row.status === 'CANCELED' ? 0 : row.cost,
  };
  if (done && row.face_count !== null) out.face_count = row.face_count;
  if (done && typeof meta.vertex_count === 'number') out.vertex_count = meta.vertex_count;

  const images = Object.keys(files).filter((k) => /^image_\d+$/.test(k)).sort();
  if (type === 'text-to-image' || type === 'image-to-image' || type.endsWith('-prototype')) {
    const urls = images.map((k) => url(files[k]));
    out.image_urls = urls;
    out.image_url = urls[0] ?? '';
    out.thumbnail_url = urls[0] ?? '';
    return out;
  }
  if (type === 'rig') {
    out.result = done
      ? {
          rigged_character_glb_url: url(files.rigged_glb),
          basic_animations: {
            walking_glb_url: url(files.walking_glb),
            walking_armature_glb_url: url(files.walking_armature_glb),
            running_glb_url: url(files.running_glb),
            running_armature_glb_url: url(files.running_armature_glb),
          },
        }
      : null;
    return out;
  }
  if (type === 'animate') {
    out.result = done ? { animation_glb_url: url(files.animation_glb) } : null;
    return out;
  }
  if (type === 'text-to-motion') {
    out.result = done ? { motion_url: url(files.motion), motion_format: 'bvh' } : null;
    out.thumbnail_url = done ? url(files.thumbnail) : '';
    return out;
  }
  if (type === 'print-analyze') {
    out.printability = done ? (meta.printability ?? null) : null;
    return out;
  }
  // Model outputs: produced formats, and each asked format the sandbox cannot write as "" (document).
  const asked = Array.isArray(request.target_formats) ? (request.target_formats as string[]) : [];
  const modelUrls: Record<string, string> = {};
  if (!done) modelUrls.glb = '';
  else for (const f of modelFormats) if (files[f] || asked.includes(f)) modelUrls[f] = url(files[f]);
  out.model_urls = modelUrls;
  out.thumbnail_url = done ? url(files.thumbnail) : '';
  if (files.thumb_front) out.thumbnail_urls = Object.fromEntries(['front', 'right', 'back', 'left'].map((v) => [v, url(files[`thumb_${v}`])]));
  const set: Record<string, string> = {};
  for (const ch of ['base_color', 'metallic', 'normal', 'roughness'] as const) if (files[`texture_${ch}`]) set[ch] = url(files[`texture_${ch}`]);
  if (isText3d) out.texture_urls = done ? (Object.keys(set).length ? [set] : []) : null;
  else if (textureTypes.has(type)) out.texture_urls = done ? (Object.keys(set).length === 0 ? (opts.textureArray ? [] : null) : opts.textureArray ? [set] : set) : null;
  return out;
}
