import { Numeric } from '../common';
import { z } from '../zod';

/**
 * Task records of the 3D service. Lenient: the document's shape and the live shapes of the live-service notes (docs/live-services.md#3d-generation--task-records) (padding with empty values, `texture_urls` as an array or one object, `task_error` null or
 * `{message: ""}`, `meshy-N` model names) all parse to the same normalized model.
 */

export const taskStatuses = ['PENDING', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELED'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const terminalStatuses: readonly TaskStatus[] = ['SUCCEEDED', 'FAILED', 'CANCELED'];
export const isTerminal = (status: string) => (terminalStatuses as readonly string[]).includes(status);

const nonEmpty = (s: string | null | undefined): string | null => (typeof s === 'string' && s.trim() !== '' ? s : null);
/** Epoch ms; `0` and null mean "not reached" (docs/live-services.md#3d-generation--task-records). */
const Epoch = z.pipe(z.nullish(Numeric), z.transform((n) => (n ? n : null)));
const Num = z.pipe(z.nullish(Numeric), z.transform((n) => n ?? null));

const UrlMap = z.pipe(
  z.nullish(z.record(z.string(), z.nullish(z.string()))),
  z.transform((m) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(m ?? {})) {
      const url = nonEmpty(v);
      if (url) out[k] = url;
    }
    return out;
  }),
);

export const textureChannels = ['base_color', 'metallic', 'roughness', 'normal', 'emission'] as const;
const TextureSet = z.pipe(z.record(z.string(), z.unknown()), z.transform((t) => {
  const out: Partial<Record<(typeof textureChannels)[number], string>> = {};
  for (const ch of textureChannels) {
    const v = t[ch];
    if (typeof v === 'string' && v !== '') out[ch] = v;
  }
  return out;
}));
export type TextureSet = z.infer<typeof TextureSet>;

const TaskErrorField = z.pipe(
  z.nullish(z.union([z.looseObject({ message: z.nullish(z.string()) }), z.string()])),
  z.transform((e) => {
    const message = typeof e === 'string' ? e : e?.message;
    return message && message.trim() !== '' ? { message } : null;
  }),
);

const liveModel: Record<string, string> = { 'meshy-5': 'model-5', 'meshy-6': 'model-6', 'meshy-4': 'model-4' };

export const TaskRecord = z.pipe(
  z.looseObject({
    id: z.string(),
    type: z.nullish(z.string()),
    name: z.nullish(z.string()),
    status: z.string(),
    progress: Num,
    created_at: Epoch,
    started_at: Epoch,
    finished_at: Epoch,
    expires_at: Epoch,
    preceding_tasks: Num,
    model_urls: UrlMap,
    thumbnail_url: z.nullish(z.string()),
    texture_urls: z.nullish(z.union([z.array(TextureSet), TextureSet])),
    task_error: TaskErrorField,
    consumed_credits: Num,
    face_count: Num,
    prompt: z.nullish(z.string()),
    mode: z.nullish(z.string()),
    ai_model: z.nullish(z.string()),
    preview_task_id: z.nullish(z.string()),
    enable_pbr: z.nullish(z.boolean()),
    hd_texture: z.nullish(z.boolean()),
    pose_mode: z.nullish(z.string()),
    target_formats: z.nullish(z.array(z.string())),
    image_url: z.nullish(z.string()),
    image_urls: z.nullish(z.array(z.string())),
    thumbnail_urls: z.nullish(z.union([z.record(z.string(), z.nullish(z.string())), z.array(z.string())])),
    alpha_thumbnail_url: z.nullish(z.string()),
    vertex_count: Num,
    candidate_ids: z.nullish(z.array(z.string())),
    input_task_id: z.nullish(z.string()),
    rig_task_id: z.nullish(z.string()),
    result: z.nullish(z.record(z.string(), z.unknown())),
    printability: z.nullish(z.record(z.string(), z.unknown())),
  }),
  z.transform((r) => {
    const textures = r.texture_urls == null ? [] : Array.isArray(r.texture_urls) ? r.texture_urls : [r.texture_urls];
    const status = r.status.toUpperCase();
    return {
      id: r.id,
      type: r.type ?? (r.mode ? `text-to-3d-${r.mode}` : null),
      name: r.name ?? null,
      status,
      progress: Math.max(0, Math.min(100, r.progress ?? (status === 'SUCCEEDED' ? 100 : 0))),
      created_at: r.created_at,
      started_at: r.started_at,
      finished_at: r.finished_at,
      expires_at: r.expires_at,
      preceding_tasks: status === 'PENDING' ? r.preceding_tasks : null,
      model_urls: r.model_urls,
      thumbnail_url: nonEmpty(r.thumbnail_url),
      texture_urls: textures.filter((t) => Object.keys(t).length > 0),
      task_error: status === 'FAILED' ? (r.task_error ?? { message: 'The task failed without a message.' }) : r.task_error,
      consumed_credits: r.consumed_credits,
      face_count: r.face_count,
      prompt: r.prompt ?? null,
      mode: r.mode ?? null,
      ai_model: r.ai_model ? (liveModel[r.ai_model] ?? r.ai_model) : null,
      preview_task_id: nonEmpty(r.preview_task_id),
      enable_pbr: r.enable_pbr ?? null,
      hd_texture: r.hd_texture ?? null,
      pose_mode: nonEmpty(r.pose_mode),
      target_formats: r.target_formats ?? null,
      // Live answers `image_urls`, the document `image_url`; the sandbox both (its first is the same picture).
      image_urls: (r.image_urls?.some((u) => !!nonEmpty(u)) ? r.image_urls : [r.image_url]).filter((u): u is string => !!nonEmpty(u)),
      thumbnail_urls: Array.isArray(r.thumbnail_urls)
        ? Object.fromEntries(r.thumbnail_urls.filter((u) => !!nonEmpty(u)).map((u, i) => [String(i), u]))
        : Object.fromEntries(Object.entries(r.thumbnail_urls ?? {}).filter((e): e is [string, string] => !!nonEmpty(e[1]))),
      alpha_thumbnail_url: nonEmpty(r.alpha_thumbnail_url),
      vertex_count: r.vertex_count,
      candidate_ids: r.candidate_ids ?? [],
      source_task_id: nonEmpty(r.input_task_id ?? r.rig_task_id ?? r.preview_task_id),
      result: r.result ?? null,
      printability: r.printability ?? null,
    };
  }),
);
export type Task = z.output<typeof TaskRecord>;

export const Balance = z.pipe(
  z.looseObject({ balance: Numeric }),
  z.transform((b) => ({ balance: b.balance })),
);
export type Balance = z.output<typeof Balance>;

/** What a failed task's message means for the operator (document: two known messages); `hasPrompt` false for a task made without one (a remesh). */
export function failureAdvice(message: string, hasPrompt = true): string {
  if (/busy|overload|capacity|try again later/i.test(message)) {
    return 'The service is busy: wait a few minutes, then retry. This task was refunded.';
  }
  if (/internal (server )?error/i.test(message)) {
    return hasPrompt
      ? 'The service hit an internal error: edit the prompt to something simpler and shorter, then retry once. This task was refunded.'
      : 'The service hit an internal error: retry once. This task was refunded.';
  }
  return hasPrompt ? 'Check the prompt and retry. This task was refunded.' : 'Check what the task was given and retry. This task was refunded.';
}

/** The document's polling schedule: 5 s, ×1.5, capped at 30 s, 15 s once progress ≥ 95. */
export function nextPollDelayMs(previousMs: number | null, progress: number): number {
  if (progress >= 95) return 15_000;
  if (previousMs === null) return 5_000;
  return Math.min(30_000, Math.round(previousMs * 1.5));
}
