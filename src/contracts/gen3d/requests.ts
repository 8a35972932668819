import { isHttpUrl } from '../common';
import { z } from '../zod';

/**
 * Request bodies of the 3D service, strictly as its document states them. The BFF checks every
 * body against these before it leaves (a bad body costs no credits); the sandbox answers 400 with
 * the same messages. (zod/mini: the same schemas ship to the browser, where size matters.)
 */

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

const Required = (what: string) => z.string({ error: `${what} is required` }).check(z.trim(), z.minLength(1, `${what} is required`));
const PositiveNumber = (message: string) => z.number().check(z.positive(message));
const Int = (what: string) => z.int({ error: `${what} must be a whole number` });

/** Deprecated parameters the document still lists: accepted, without effect. */
const deprecated = {
  symmetry_mode: z.optional(z.string()),
  art_style: z.optional(z.string()),
  is_a_t_pose: z.optional(z.boolean()),
};

const hdNeedsModel6 = z.superRefine((body: { ai_model?: AiModel3d | undefined; hd_texture?: boolean | undefined }, ctx) => {
  if (body.hd_texture && body.ai_model === 'model-5') {
    ctx.issues.push({ code: 'custom', path: ['hd_texture'], message: 'hd_texture is only available with model-6 or latest', input: body.hd_texture });
  }
});

export const TextTo3dPreviewRequest = z
  .strictObject({
    mode: z.literal('preview'),
    prompt: z.string({ error: 'prompt is required' }).check(z.trim(), z.minLength(1, 'Write a prompt that describes the model')),
    ai_model: z.optional(AiModel3d),
    pose_mode: z.optional(PoseMode),
    hd_texture: z.optional(z.boolean()),
    target_formats: z.optional(TargetFormats),
    ...deprecated,
  })
  .check(hdNeedsModel6);
export type TextTo3dPreviewRequest = z.output<typeof TextTo3dPreviewRequest>;

export const TextTo3dRefineRequest = z
  .strictObject({
    mode: z.literal('refine'),
    preview_task_id: Required('preview_task_id'),
    enable_pbr: z.optional(z.boolean()),
    hd_texture: z.optional(z.boolean()),
    ai_model: z.optional(AiModel3d),
    ...deprecated,
  })
  .check(hdNeedsModel6);
export type TextTo3dRefineRequest = z.output<typeof TextTo3dRefineRequest>;

export const TextTo3dRequest = z.discriminatedUnion('mode', [TextTo3dPreviewRequest, TextTo3dRefineRequest], {
  error: 'mode must be preview or refine',
});
export type TextTo3dRequest = z.output<typeof TextTo3dRequest>;

const imageModel = z.string().check(z.trim(), z.minLength(1), z.refine((m) => m !== 'model-4', 'model-4 is retired'));

export const ImageTo3dRequest = z.strictObject({
  image_url: UrlOrDataUri('image_url'),
  should_texture: z.optional(z.boolean()),
  enable_pbr: z.optional(z.boolean()),
  ai_model: z.optional(imageModel),
  target_formats: z.optional(TargetFormats),
});

export const MultiImageTo3dRequest = z.strictObject({
  image_urls: z.array(UrlOrDataUri('each image URL')).check(z.minLength(1, 'image_urls needs 1 to 4 images'), z.maxLength(4, 'image_urls takes at most 4 images')),
  should_texture: z.optional(z.boolean()),
  enable_pbr: z.optional(z.boolean()),
  ai_model: z.optional(imageModel),
});

export const RetextureRequest = z
  .strictObject({
    input_task_id: Required('input_task_id'),
    text_style_prompt: z.optional(z.string().check(z.trim(), z.minLength(1))),
    image_style_url: z.optional(UrlOrDataUri('image_style_url')),
    enable_pbr: z.optional(z.boolean()),
    target_formats: z.optional(TargetFormats),
  })
  .check(
    z.refine((b) => b.text_style_prompt !== undefined || b.image_style_url !== undefined, {
      path: ['text_style_prompt'],
      message: 'retexture needs text_style_prompt or image_style_url',
    }),
  );

export const RemeshRequest = z.strictObject({
  input_task_id: Required('input_task_id'),
  target_formats: z.optional(TargetFormats),
  topology: z.optional(z.enum(['quad', 'triangle'])),
  target_polycount: z.optional(Int('target_polycount').check(z.positive('target_polycount must be above 0'))),
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

export const ConvertRequest = z.strictObject({ ...modelSource, target_formats: TargetFormats }).check(oneSource);

export const ResizeRequest = z
  .strictObject({
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

export const UvUnwrapRequest = z.strictObject(modelSource).check(oneSource);

export const RiggingRequest = z.strictObject({
  input_task_id: Required('input_task_id'),
  height_meters: z.optional(PositiveNumber('height_meters must be above 0')),
});

export const AnimationRequest = z.strictObject({
  rig_task_id: Required('rig_task_id'),
  action_id: Int('action_id').check(z.nonnegative('action_id must be 0 or more')),
});

export const TextToImageRequest = z.strictObject({
  ai_model: Required('ai_model'),
  prompt: Required('prompt'),
  generate_multi_view: z.optional(z.boolean()),
  pose_mode: z.optional(z.enum(['a-pose', 't-pose'])),
});

export const ImageToImageRequest = z.strictObject({
  ai_model: Required('ai_model'),
  prompt: Required('prompt'),
  reference_image_urls: z.array(UrlOrDataUri('each reference image URL')).check(z.minLength(1, 'reference_image_urls needs at least one image')),
});

export const PrototypeRequest = z.strictObject({
  image_url: UrlOrDataUri('image_url').check(
    z.refine(
      (s) => (s.startsWith('data:image/') ? /^data:image\/(jpe?g|png|webp);/.test(s) : /\.(jpe?g|png|webp)(\?|#|$)/i.test(s)),
      'image_url must be a jpg, jpeg, png or webp image',
    ),
  ),
  name: z.optional(z.string().check(z.maxLength(100, 'name takes at most 100 characters'))),
});

export const BuildRequest = z.strictObject({ input_task_id: Required('input_task_id') });

export const PrintSourceRequest = z.strictObject(modelSource).check(oneSource);

export const PrintMultiColorRequest = z
  .strictObject({
    ...modelSource,
    max_colors: z.optional(Int('max_colors').check(z.gte(1, 'max_colors is 1 to 16'), z.lte(16, 'max_colors is 1 to 16'))),
    max_depth: z.optional(Int('max_depth').check(z.gte(3, 'max_depth is 3 to 6'), z.lte(6, 'max_depth is 3 to 6'))),
  })
  .check(oneSource);
