import { isHttpUrl, Text } from '../text-fields';
import { z } from '../zod';

/**
 * Building blocks of the 3D service's request bodies (requests.ts, requests-ops.ts): the fields the
 * document, the live-service notes (docs/live-services.md#3d-generation--official-clients) and the official clients (Meshy's MCP server and CLI) send, each typed
 * loosely enough for what those clients send and strictly enough that a mistake costs no credits.
 */

/** Live text-to-3D prompt limit (docs/live-services.md#3d-generation--limits). */
export const PROMPT_MAX = 600;

export const Prompt = (what: string) =>
  z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, 'Write a prompt that describes the model'), z.maxLength(PROMPT_MAX, `${what} takes at most ${PROMPT_MAX} characters`));

export const targetFormats = ['glb', 'obj', 'fbx', 'usdz', 'blend', 'stl', '3mf'] as const;
export const TargetFormat = z.enum(targetFormats, { error: `each target format must be one of ${targetFormats.join(', ')}` });
export type TargetFormat = z.infer<typeof TargetFormat>;

export const TargetFormats = z.array(TargetFormat).check(
  z.minLength(1, 'target_formats needs at least one format'),
  z.refine((list) => new Set(list).size === list.length, 'target_formats lists a format twice'),
);

export const PoseMode = z.enum(['a-pose', 't-pose', ''], { error: 'pose_mode must be a-pose, t-pose or empty' });

export const isDataUri = (s: string) => /^data:[\w.+-]+\/[\w.+-]+;base64,/.test(s);
export const UrlOrDataUri = (what: string) =>
  z.string({ error: `${what} is required` }).check(z.refine((s) => isHttpUrl(s) || isDataUri(s), `${what} must be a URL or a base64 data URI`));

export const Required = (what: string, max = 200) =>
  z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(max, `${what} takes at most ${max} characters`));
export const PositiveNumber = (message: string) => z.number().check(z.positive(message));
export const Int = (what: string) => z.int({ error: `${what} must be a whole number` });
export const IntRange = (what: string, min: number, max: number) =>
  Int(what).check(z.gte(min, `${what} is ${min} to ${max.toLocaleString('en')}`), z.lte(max, `${what} is ${min} to ${max.toLocaleString('en')}`));

/**
 * `ai_model` of the image-based 3D operations (image, multi-image, retexture): the document's family
 * names and the live ones (`meshy-5`…`meshy-7`, `meshy-t1`, `meshy-t2`). The live list changes, so a
 * future `meshy-N` passes; `model-4`/`meshy-4` are retired (400).
 */
export const AiModelImage3d = z.string({ error: 'ai_model must be text' }).check(
  z.refine((m) => !/^(model|meshy)-[0-4]$/.test(m), 'model-4 is retired; choose latest, meshy-6 or meshy-5'),
  z.refine((m) => /^(latest|model-\d+|meshy-\d+|meshy-t\d+)$/.test(m), 'ai_model must be latest, meshy-7, meshy-6, meshy-5, meshy-t1 or meshy-t2'),
);
export const imageTo3dModels = ['latest', 'meshy-7', 'meshy-6', 'meshy-5', 'meshy-t2', 'meshy-t1'] as const;

/** Image models of text-to-image and image-to-image (docs/live-services.md#3d-generation--models-and-prices, both clients); new variants of a family pass. */
export const imageModels = ['nano-banana', 'nano-banana-2', 'nano-banana-2-lite', 'nano-banana-pro', 'gpt-image-2', 'gpt-image-2-5-flare', 'gpt-image-2-5-sunburst', 'imagemodel-pro'] as const;
export const ImageModel = z.string({ error: 'ai_model is required' }).check(
  z.refine((m) => /^(nano-banana[\w.-]*|gpt-image-[\w.-]+|imagemodel-[\w.-]+)$/.test(m), `ai_model must be an image model (${imageModels.join(', ')})`),
);

/** `texture_resolution`: pixels (1024…8192) or the clients' `2k`/`4k`/`8k`. */
export const TextureResolution = z.union(
  [z.literal(1024), z.literal(2048), z.literal(4096), z.literal(8192), z.enum(['1024', '2048', '4096', '8192', '1k', '2k', '4k', '8k'])],
  { error: 'texture_resolution must be 2k, 4k or 8k (or 1024, 2048, 4096, 8192)' },
);

export const topology = z.optional(z.enum(['quad', 'triangle'], { error: 'topology must be quad or triangle' }));
export const polycount = z.optional(IntRange('target_polycount', 100, 300_000));
export const originAt = z.optional(z.enum(['bottom', 'center'], { error: 'origin_at must be bottom or center' }));

/** Deprecated parameters the document still lists: accepted, without effect. */
export const deprecated = {
  symmetry_mode: z.optional(z.enum(['off', 'auto', 'on'], { error: 'symmetry_mode must be off, auto or on' })),
  art_style: z.optional(Text('art_style', 100)),
  is_a_t_pose: z.optional(z.boolean()),
};

/** Generation options the live service and its official clients send beside the document's. */
export const live = {
  moderation: z.optional(z.boolean()),
  seed: z.optional(Int('seed').check(z.nonnegative('seed must be 0 or more'))),
  should_remesh: z.optional(z.boolean()),
  topology,
  target_polycount: polycount,
  decimation_mode: z.optional(IntRange('decimation_mode', 1, 4)),
  auto_size: z.optional(z.boolean()),
  origin_at: originAt,
  alpha_thumbnail: z.optional(z.boolean()),
  multi_view_thumbnails: z.optional(z.boolean()),
};

export const texturing = {
  remove_lighting: z.optional(z.boolean()),
  texture_resolution: z.optional(TextureResolution),
  texture_prompt: z.optional(Text('texture_prompt', PROMPT_MAX)),
  texture_image_url: z.optional(UrlOrDataUri('texture_image_url')),
  hd_texture: z.optional(z.boolean()),
};

/** `input_task_id` or `model_url`. */
export const modelSource = {
  input_task_id: z.optional(Required('input_task_id')),
  model_url: z.optional(UrlOrDataUri('model_url')),
};
type Sourced = { input_task_id?: string | undefined; model_url?: string | undefined };
/** Exactly one of `input_task_id` and `model_url`. */
export const oneSource = z.superRefine((b: Sourced, ctx) => {
  if ((b.input_task_id === undefined) === (b.model_url === undefined)) {
    ctx.issues.push({ code: 'custom', path: ['input_task_id'], message: 'send exactly one of input_task_id or model_url', input: b });
  }
});
/** At least one (remesh: the MCP server may send both; the task id wins). */
export const someSource = z.superRefine((b: Sourced, ctx) => {
  if (b.input_task_id === undefined && b.model_url === undefined) {
    ctx.issues.push({ code: 'custom', path: ['input_task_id'], message: 'send input_task_id or model_url', input: b });
  }
});
