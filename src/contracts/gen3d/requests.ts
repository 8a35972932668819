import { Text } from '../text-fields';
import { z } from '../zod';
import {
  AiModelImage3d,
  deprecated,
  live,
  PoseMode,
  Prompt,
  PROMPT_MAX,
  Required,
  TargetFormats,
  texturing,
  UrlOrDataUri,
} from './request-fields';

export * from './request-fields';
export * from './requests-ops';

/**
 * Request bodies of the 3D generation operations (text, image and multi-image to 3D). Lenient in:
 * every field the document, the live-service notes (ARCHITECTURE.md, convention 3) or the official clients send is typed strictly (a wrong
 * type or range is refused before anything leaves, so a bad body costs no credits); fields nobody
 * knows are dropped by these schemas (the sandbox thereby ignores them) and forwarded by the BFF as
 * they came. (zod/mini: the same schemas ship to the browser, where size matters.)
 */

const liveModelNames: Record<string, string> = { 'meshy-5': 'model-5', 'meshy-6': 'model-6' };

/** `ai_model` of text to 3D: the document's names; the live names (meshy-N) are read as the same. */
export const AiModel3d = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && v in liveModelNames ? liveModelNames[v] : v)),
  z.enum(['latest', 'model-6', 'model-5'], {
    error: (iss) =>
      iss.input === 'model-4' || iss.input === 'meshy-4' ? 'model-4 is retired; choose latest, model-6 or model-5' : 'ai_model must be latest, model-6 or model-5',
  }),
);
export type AiModel3d = z.output<typeof AiModel3d>;

const hdNeedsModel6 = z.superRefine((body: { ai_model?: AiModel3d | undefined; hd_texture?: boolean | undefined }, ctx) => {
  if (body.hd_texture && body.ai_model === 'model-5') {
    ctx.issues.push({ code: 'custom', path: ['hd_texture'], message: 'hd_texture is only available with model-6 or latest', input: body.hd_texture });
  }
});

const modelType = z.optional(z.enum(['standard', 'lowpoly', 'smart-topology'], { error: 'model_type must be standard, lowpoly or smart-topology' }));

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
    ai_model: z.optional(AiModel3d),
    target_formats: z.optional(TargetFormats),
    ...texturing,
    moderation: live.moderation,
    auto_size: live.auto_size,
    origin_at: live.origin_at,
    alpha_thumbnail: live.alpha_thumbnail,
    ...deprecated,
  })
  .check(hdNeedsModel6);
export type TextTo3dRefineRequest = z.output<typeof TextTo3dRefineRequest>;

export const TextTo3dRequest = z.discriminatedUnion('mode', [TextTo3dPreviewRequest, TextTo3dRefineRequest], {
  error: 'mode must be preview or refine',
});
export type TextTo3dRequest = z.output<typeof TextTo3dRequest>;

/** Fields image-to-3D and multi-image-to-3D share (document, live-service notes (docs/live-services.md#3d-generation--official-clients), MCP server and CLI). */
const imageTo3dFields = {
  input_task_id: z.optional(Required('input_task_id')),
  should_texture: z.optional(z.boolean()),
  enable_pbr: z.optional(z.boolean()),
  ai_model: z.optional(AiModelImage3d),
  target_formats: z.optional(TargetFormats),
  pose_mode: z.optional(PoseMode),
  model_type: modelType,
  save_pre_remeshed_model: z.optional(z.boolean()),
  image_enhancement: z.optional(z.boolean()),
  ultra_mode: z.optional(z.boolean()),
  ...texturing,
  ...live,
  ...deprecated,
};

/** One picture: `image_url` (URL or data URI), or `input_task_id` of a text-to-image or image-to-image task. */
export const ImageTo3dRequest = z.object({ image_url: z.optional(UrlOrDataUri('image_url')), ...imageTo3dFields }).check(
  z.refine((b) => (b.image_url === undefined) !== (b.input_task_id === undefined), { path: ['image_url'], message: 'send exactly one of image_url or input_task_id' }),
);
export type ImageTo3dRequest = z.output<typeof ImageTo3dRequest>;

/** 1 to 4 pictures of one subject, or `input_task_id` of an image task (its views). */
export const MultiImageTo3dRequest = z
  .object({
    image_urls: z.optional(
      z.array(UrlOrDataUri('each image URL')).check(z.minLength(1, 'image_urls needs 1 to 4 images'), z.maxLength(4, 'image_urls takes at most 4 images')),
    ),
    ...imageTo3dFields,
  })
  .check(z.refine((b) => (b.image_urls === undefined) !== (b.input_task_id === undefined), { path: ['image_urls'], message: 'send exactly one of image_urls or input_task_id' }));
export type MultiImageTo3dRequest = z.output<typeof MultiImageTo3dRequest>;
