import { isHttpUrl, Text } from '../common';
import { z } from '../zod';

/**
 * Request bodies of the 3D service. Lenient in: every field the document, the field notes or the
 * official clients send is typed strictly (a wrong type or range is refused before anything leaves,
 * so a bad body costs no credits); fields nobody knows are dropped by these schemas (the sandbox
 * thereby ignores them) and forwarded by the BFF as they came. Every text has a limit: the live one where it has one (prompts 600, prototype
 * name 100), else `TEXT_MAX`. (zod/mini: the same schemas ship to the browser, where size matters.)
 */

/** Live text-to-3D prompt limit (field notes). */
export const PROMPT_MAX = 600;
const Prompt = (what: string) =>
  z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, 'Write a prompt that describes the model'), z.maxLength(PROMPT_MAX, `${what} takes at most ${PROMPT_MAX} characters`));

const liveModelNames: Record<string, string> = { 'meshy-5': 'model-5', 'meshy-6': 'model-6' };

/** `ai_model` of text to 3D: the document's names; the live names (meshy-N) are read as the same. */
export const AiModel3d = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && v in liveModelNames ? liveModelNames[v] : v)),
  z.enum(['latest', 'model-6', 'model-5'], {
    error: (iss) =>
      iss.input === 'model-4' ? 'model-4 is retired; choose latest, model-6 or model-5' : 'ai_model must be latest, model-6 or model-5',
  }),
);
export type AiModel3d = z.output<typeof AiModel3d>;

export const targetFormats = ['glb', 'obj', 'fbx', 'usdz', 'blend', 'stl', '3mf'] as const;
export const TargetFormat = z.enum(targetFormats, { error: `each target format must be one of ${targetFormats.join(', ')}` });
export type TargetFormat = z.infer<typeof TargetFormat>;

const TargetFormats = z.array(TargetFormat).check(
  z.minLength(1, 'target_formats needs at least one format'),
  z.refine((list) => new Set(list).size === list.length, 'target_formats lists a format twice'),
);

export const PoseMode = z.enum(['a-pose', 't-pose', ''], { error: 'pose_mode must be a-pose, t-pose or empty' });

const UrlOrDataUri = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .check(z.refine((s) => isHttpUrl(s) || /^data:[\w.+-]+\/[\w.+-]+;base64,/.test(s), `${what} must be a URL or a base64 data URI`));

const Required = (what: string, max = 200) =>
  z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(max, `${what} takes at most ${max} characters`));
const PositiveNumber = (message: string) => z.number().check(z.positive(message));
const Int = (what: string) => z.int({ error: `${what} must be a whole number` });

/** Deprecated parameters the document still lists: accepted, without effect. */
const deprecated = {
  symmetry_mode: z.optional(z.enum(['off', 'auto', 'on'], { error: 'symmetry_mode must be off, auto or on' })),
  art_style: z.optional(Text('art_style', 100)),
  is_a_t_pose: z.optional(z.boolean()),
};

/** Fields the live service and its official clients send beside the document's (lenient in). */
const topology = z.optional(z.enum(['quad', 'triangle'], { error: 'topology must be quad or triangle' }));
const polycount = z.optional(z.int({ error: 'target_polycount must be a whole number' }).check(z.gte(100, 'target_polycount is 100 to 300,000'), z.lte(300_000, 'target_polycount is 100 to 300,000')));
const live = {
  moderation: z.optional(z.boolean()),
  seed: z.optional(z.int({ error: 'seed must be a whole number' }).check(z.nonnegative('seed must be 0 or more'))),
  should_remesh: z.optional(z.boolean()),
  topology,
  target_polycount: polycount,
  auto_size: z.optional(z.boolean()),
  origin_at: z.optional(z.enum(['bottom', 'center'], { error: 'origin_at must be bottom or center' })),
};
const texturing = {
  remove_lighting: z.optional(z.boolean()),
  texture_resolution: z.optional(
    z.union([z.literal(1024), z.literal(2048), z.literal(4096), z.literal('1024'), z.literal('2048'), z.literal('4096')], { error: 'texture_resolution must be 1024, 2048 or 4096' }),
  ),
  texture_prompt: z.optional(Text('texture_prompt', PROMPT_MAX)),
};

const hdNeedsModel6 = z.superRefine((body: { ai_model?: AiModel3d | undefined; hd_texture?: boolean | undefined }, ctx) => {
  if (body.hd_texture && body.ai_model === 'model-5') {
    ctx.issues.push({ code: 'custom', path: ['hd_texture'], message: 'hd_texture is only available with model-6 or latest', input: body.hd_texture });
  }
});

/** `input_task_id` or `model_url`, exactly one. */
const modelSource = {
  input_task_id: z.optional(Required('input_task_id')),
  model_url: z.optional(UrlOrDataUri('model_url')),
};
const oneSource = z.superRefine((b: { input_task_id?: string | undefined; model_url?: string | undefined }, ctx) => {
  if ((b.input_task_id === undefined) === (b.model_url === undefined)) {
    ctx.issues.push({ code: 'custom', path: ['input_task_id'], message: 'send exactly one of input_task_id or model_url', input: b });
  }
});

export const TextTo3dPreviewRequest = z
  .object({
    mode: z.literal('preview'),
    prompt: Prompt('prompt'),
    negative_prompt: z.optional(Text('negative_prompt', PROMPT_MAX)),
    ai_model: z.optional(AiModel3d),
    pose_mode: z.optional(PoseMode),
    hd_texture: z.optional(z.boolean()),
    target_formats: z.optional(TargetFormats),
    model_type: z.optional(z.enum(['standard', 'lowpoly'], { error: 'model_type must be standard or lowpoly' })),
    ...live,
    ...deprecated,
  })
  .check(hdNeedsModel6);
export type TextTo3dPreviewRequest = z.output<typeof TextTo3dPreviewRequest>;

export const TextTo3dRefineRequest = z
  .object({
    mode: z.literal('refine'),
    preview_task_id: Required('preview_task_id'),
    enable_pbr: z.optional(z.boolean()),
    hd_texture: z.optional(z.boolean()),
    ai_model: z.optional(AiModel3d),
    target_formats: z.optional(TargetFormats),
    texture_image_url: z.optional(UrlOrDataUri('texture_image_url')),
    ...texturing,
    moderation: live.moderation,
    auto_size: live.auto_size,
    origin_at: live.origin_at,
    ...deprecated,
  })
  .check(hdNeedsModel6);
export type TextTo3dRefineRequest = z.output<typeof TextTo3dRefineRequest>;

export const TextTo3dRequest = z.discriminatedUnion('mode', [TextTo3dPreviewRequest, TextTo3dRefineRequest], {
  error: 'mode must be preview or refine',
});
export type TextTo3dRequest = z.output<typeof TextTo3dRequest>;

const imageModel = z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.refine((m) => m !== 'model-4' && m !== 'meshy-4', 'model-4 is retired'));

const imageTo3dFields = {
  should_texture: z.optional(z.boolean()),
  enable_pbr: z.optional(z.boolean()),
  ai_model: z.optional(imageModel),
  target_formats: z.optional(TargetFormats),
  pose_mode: z.optional(PoseMode),
  model_type: z.optional(z.enum(['standard', 'lowpoly'], { error: 'model_type must be standard or lowpoly' })),
  texture_image_url: z.optional(UrlOrDataUri('texture_image_url')),
  save_pre_remeshed_model: z.optional(z.boolean()),
  image_enhancement: z.optional(z.boolean()),
  hd_texture: z.optional(z.boolean()),
  ...texturing,
  ...live,
  ...deprecated,
};

export const ImageTo3dRequest = z.object({ image_url: UrlOrDataUri('image_url'), ...imageTo3dFields });

export const MultiImageTo3dRequest = z.object({
  image_urls: z.array(UrlOrDataUri('each image URL')).check(z.minLength(1, 'image_urls needs 1 to 4 images'), z.maxLength(4, 'image_urls takes at most 4 images')),
  ...imageTo3dFields,
});

export const RetextureRequest = z
  .object({
    input_task_id: z.optional(Required('input_task_id')),
    model_url: z.optional(UrlOrDataUri('model_url')),
    text_style_prompt: z.optional(z.string().check(z.trim(), z.minLength(1, 'text_style_prompt must not be empty'), z.maxLength(PROMPT_MAX, `text_style_prompt takes at most ${PROMPT_MAX} characters`))),
    image_style_url: z.optional(UrlOrDataUri('image_style_url')),
    enable_pbr: z.optional(z.boolean()),
    enable_original_uv: z.optional(z.boolean()),
    target_formats: z.optional(TargetFormats),
    ai_model: z.optional(imageModel),
    hd_texture: z.optional(z.boolean()),
    remove_lighting: texturing.remove_lighting,
    texture_resolution: texturing.texture_resolution,
  })
  .check(
    oneSource,
    z.refine((b) => b.text_style_prompt !== undefined || b.image_style_url !== undefined, {
      path: ['text_style_prompt'],
      message: 'retexture needs text_style_prompt or image_style_url',
    }),
  );

export const RemeshRequest = z.object({
  input_task_id: z.optional(Required('input_task_id')),
  model_url: z.optional(UrlOrDataUri('model_url')),
  target_formats: z.optional(TargetFormats),
  topology,
  target_polycount: polycount,
  resize_height: z.optional(PositiveNumber('resize_height must be above 0 meters')),
  origin_at: live.origin_at,
  convert_format_only: z.optional(z.boolean()),
}).check(oneSource);

export const ConvertRequest = z.object({ ...modelSource, target_formats: TargetFormats }).check(oneSource);

export const ResizeRequest = z
  .object({
    ...modelSource,
    resize_height: z.optional(PositiveNumber('resize_height must be above 0 meters')),
    resize_longest_side: z.optional(PositiveNumber('resize_longest_side must be above 0 meters')),
    auto_size: z.optional(z.boolean()),
    origin_at: z.optional(z.enum(['bottom', 'center'])),
  })
  .check(
    oneSource,
    z.refine((b) => [b.resize_height, b.resize_longest_side, b.auto_size].filter((v) => v !== undefined).length === 1, {
      path: ['resize_height'],
      message: 'send exactly one of resize_height, resize_longest_side or auto_size',
    }),
  );

export const UvUnwrapRequest = z.object(modelSource).check(oneSource);

export const RiggingRequest = z.object({
  input_task_id: z.optional(Required('input_task_id')),
  model_url: z.optional(UrlOrDataUri('model_url')),
  height_meters: z.optional(PositiveNumber('height_meters must be above 0')),
  texture_image_url: z.optional(UrlOrDataUri('texture_image_url')),
}).check(oneSource);

export const AnimationRequest = z.object({
  rig_task_id: Required('rig_task_id'),
  action_id: Int('action_id').check(z.nonnegative('action_id must be 0 or more')),
  post_process: z.optional(z.record(z.string(), z.unknown())),
});

export const TextToImageRequest = z.object({
  ai_model: Required('ai_model', 64),
  prompt: Required('prompt', PROMPT_MAX),
  generate_multi_view: z.optional(z.boolean()),
  pose_mode: z.optional(z.enum(['a-pose', 't-pose'], { error: 'pose_mode must be a-pose or t-pose' })),
  aspect_ratio: z.optional(z.enum(['1:1', '16:9', '9:16', '4:3', '3:4'], { error: 'aspect_ratio must be 1:1, 16:9, 9:16, 4:3 or 3:4' })),
});

export const ImageToImageRequest = z.object({
  ai_model: Required('ai_model', 64),
  prompt: Required('prompt', PROMPT_MAX),
  reference_image_urls: z
    .array(UrlOrDataUri('each reference image URL'))
    .check(z.minLength(1, 'reference_image_urls needs at least one image'), z.maxLength(5, 'reference_image_urls takes at most 5 images')),
  generate_multi_view: z.optional(z.boolean()),
});

export const PrototypeRequest = z.object({
  image_url: UrlOrDataUri('image_url').check(
    z.refine(
      (s) => (s.startsWith('data:image/') ? /^data:image\/(jpe?g|png|webp);/.test(s) : /\.(jpe?g|png|webp)(\?|#|$)/i.test(s)),
      'image_url must be a jpg, jpeg, png or webp image',
    ),
  ),
  name: z.optional(z.string().check(z.maxLength(100, 'name takes at most 100 characters'))),
  /** Lamp prototypes also take text (document: "lamp prototypes accept text input"). */
  prompt: z.optional(Text('prompt', PROMPT_MAX)),
});

export const BuildRequest = z.object({ input_task_id: Required('input_task_id') });

export const PrintSourceRequest = z.object(modelSource).check(oneSource);

export const PrintMultiColorRequest = z
  .object({
    ...modelSource,
    max_colors: z.optional(Int('max_colors').check(z.gte(1, 'max_colors is 1 to 16'), z.lte(16, 'max_colors is 1 to 16'))),
    max_depth: z.optional(Int('max_depth').check(z.gte(3, 'max_depth is 3 to 6'), z.lte(6, 'max_depth is 3 to 6'))),
  })
  .check(oneSource);
