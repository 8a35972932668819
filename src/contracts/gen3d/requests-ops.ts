import { Text } from '../text-fields';
import { z } from '../zod';
import {
  AiModelImage3d,
  ImageModel,
  Int,
  IntRange,
  isDataUri,
  modelSource,
  oneSource,
  originAt,
  polycount,
  PositiveNumber,
  PROMPT_MAX,
  Required,
  someSource,
  TargetFormats,
  TextureResolution,
  topology,
  UrlOrDataUri,
} from './request-fields';

/** Request bodies of the post-processing, image, print and creative-lab operations (see requests.ts). */

export const RetextureRequest = z
  .object({
    ...modelSource,
    text_style_prompt: z.optional(z.string().check(z.trim(), z.minLength(1, 'text_style_prompt must not be empty'), z.maxLength(PROMPT_MAX, `text_style_prompt takes at most ${PROMPT_MAX} characters`))),
    image_style_url: z.optional(UrlOrDataUri('image_style_url')),
    multiview_image_urls: z.optional(z.array(UrlOrDataUri('each multiview image URL')).check(z.minLength(1, 'multiview_image_urls needs 1 to 4 images'), z.maxLength(4, 'multiview_image_urls takes at most 4 images'))),
    enable_pbr: z.optional(z.boolean()),
    enable_original_uv: z.optional(z.boolean()),
    target_formats: z.optional(TargetFormats),
    ai_model: z.optional(AiModelImage3d),
    hd_texture: z.optional(z.boolean()),
    remove_lighting: z.optional(z.boolean()),
    texture_resolution: z.optional(TextureResolution),
    alpha_thumbnail: z.optional(z.boolean()),
  })
  .check(
    oneSource,
    z.refine((b) => b.text_style_prompt !== undefined || b.image_style_url !== undefined || b.multiview_image_urls !== undefined, {
      path: ['text_style_prompt'],
      message: 'retexture needs text_style_prompt or image_style_url',
    }),
  );
export type RetextureRequest = z.output<typeof RetextureRequest>;

/** `resize_height: 0` is what the MCP server always sends: no resize. */
const Metres = (what: string) => z.number({ error: `${what} must be a number of metres` }).check(z.gte(0, `${what} must be 0 or more metres`), z.lte(1000, `${what} is at most 1,000 metres`));

export const RemeshRequest = z
  .object({
    ...modelSource,
    target_formats: z.optional(TargetFormats),
    topology,
    target_polycount: polycount,
    decimation_mode: z.optional(IntRange('decimation_mode', 1, 4)),
    resize_height: z.optional(Metres('resize_height')),
    resize_longest_side: z.optional(Metres('resize_longest_side')),
    auto_size: z.optional(z.boolean()),
    origin_at: originAt,
    convert_format_only: z.optional(z.boolean()),
  })
  .check(someSource);
export type RemeshRequest = z.output<typeof RemeshRequest>;

export const ConvertRequest = z.object({ ...modelSource, target_formats: TargetFormats }).check(oneSource);
export type ConvertRequest = z.output<typeof ConvertRequest>;

export const ResizeRequest = z
  .object({
    ...modelSource,
    resize_height: z.optional(PositiveNumber('resize_height must be above 0 meters')),
    resize_longest_side: z.optional(PositiveNumber('resize_longest_side must be above 0 meters')),
    auto_size: z.optional(z.boolean()),
    origin_at: originAt,
  })
  .check(
    oneSource,
    z.refine((b) => [b.resize_height, b.resize_longest_side, b.auto_size || undefined].filter((v) => v !== undefined).length === 1, {
      path: ['resize_height'],
      message: 'send exactly one of resize_height, resize_longest_side or auto_size',
    }),
  );
export type ResizeRequest = z.output<typeof ResizeRequest>;

export const UvUnwrapRequest = z.object(modelSource).check(oneSource);

export const RiggingRequest = z
  .object({
    ...modelSource,
    height_meters: z.optional(PositiveNumber('height_meters must be above 0').check(z.lte(100, 'height_meters is at most 100'))),
    texture_image_url: z.optional(UrlOrDataUri('texture_image_url')),
  })
  .check(oneSource);
export type RiggingRequest = z.output<typeof RiggingRequest>;

export const postProcessOperations = ['change_fps', 'fbx2usdz', 'extract_armature'] as const;
export const AnimationRequest = z.object({
  rig_task_id: Required('rig_task_id'),
  action_id: Int('action_id').check(z.nonnegative('action_id must be 0 or more')),
  post_process: z.optional(
    z.object({
      operation_type: z.enum(postProcessOperations, { error: 'post_process.operation_type must be change_fps, fbx2usdz or extract_armature' }),
      fps: z.optional(z.union([z.literal(24), z.literal(25), z.literal(30), z.literal(60)], { error: 'post_process.fps must be 24, 25, 30 or 60' })),
    }),
  ),
});
export type AnimationRequest = z.output<typeof AnimationRequest>;

export const aspectRatios = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'] as const;
const aspectRatio = z.optional(z.enum(aspectRatios, { error: `aspect_ratio must be one of ${aspectRatios.join(', ')}` }));

export const TextToImageRequest = z.object({
  ai_model: ImageModel,
  prompt: Required('prompt', PROMPT_MAX),
  generate_multi_view: z.optional(z.boolean()),
  pose_mode: z.optional(z.enum(['a-pose', 't-pose'], { error: 'pose_mode must be a-pose or t-pose' })),
  aspect_ratio: aspectRatio,
});
export type TextToImageRequest = z.output<typeof TextToImageRequest>;

export const ImageToImageRequest = z.object({
  ai_model: ImageModel,
  prompt: Required('prompt', PROMPT_MAX),
  reference_image_urls: z
    .array(UrlOrDataUri('each reference image URL'))
    .check(z.minLength(1, 'reference_image_urls needs at least one image'), z.maxLength(5, 'reference_image_urls takes at most 5 images')),
  generate_multi_view: z.optional(z.boolean()),
  aspect_ratio: aspectRatio,
});
export type ImageToImageRequest = z.output<typeof ImageToImageRequest>;

const PrototypeImage = UrlOrDataUri('image_url').check(
  z.refine(
    (s) => (isDataUri(s) ? /^data:image\/(jpe?g|png|webp);/.test(s) : /\.(jpe?g|png|webp)(\?|#|$)/i.test(new URL(s).pathname) || !/\.\w{2,5}$/.test(new URL(s).pathname)),
    'image_url must be a jpg, jpeg, png or webp image',
  ),
);
const prototypeFields = {
  name: z.optional(z.string().check(z.maxLength(100, 'name takes at most 100 characters'))),
  remove_background: z.optional(z.boolean()),
};

/** Figure, keychain and fridge-magnet prototypes: a picture. */
export const PrototypeRequest = z.object({ image_url: PrototypeImage, ...prototypeFields });
export type PrototypeRequest = z.output<typeof PrototypeRequest>;

/** Lamp prototypes: a picture or text (`text`, at most 800 characters: the MCP server's limit). */
export const LampPrototypeRequest = z
  .object({
    image_url: z.optional(PrototypeImage),
    text: z.optional(z.string().check(z.trim(), z.minLength(1, 'text must not be empty'), z.maxLength(800, 'text takes at most 800 characters'))),
    image_subject: z.optional(z.enum(['character', 'landscape'], { error: 'image_subject must be character or landscape' })),
    ...prototypeFields,
  })
  .check(z.refine((b) => (b.image_url === undefined) !== (b.text === undefined), { path: ['image_url'], message: 'a lamp prototype needs exactly one of image_url or text' }));
export type LampPrototypeRequest = z.output<typeof LampPrototypeRequest>;

export const BuildRequest = z.object({
  input_task_id: Required('input_task_id'),
  name: z.optional(z.string().check(z.maxLength(100, 'name takes at most 100 characters'))),
  /** Product options (lamp diameter, relief badge shape, keycap base…): passed on, not checked here. */
  options: z.optional(z.record(z.string(), z.unknown())),
  output: z.optional(z.object({ format: z.optional(Text('output.format', 20)) })),
  candidate_id: z.optional(Required('candidate_id')),
});
export type BuildRequest = z.output<typeof BuildRequest>;

export const PrintSourceRequest = z.object(modelSource).check(oneSource);
export type PrintSourceRequest = z.output<typeof PrintSourceRequest>;

export const PrintMultiColorRequest = z
  .object({
    ...modelSource,
    max_colors: z.optional(IntRange('max_colors', 1, 16)),
    max_depth: z.optional(IntRange('max_depth', 3, 6)),
  })
  .check(oneSource);
export type PrintMultiColorRequest = z.output<typeof PrintMultiColorRequest>;

/** The Meshy CLI's text-to-motion body (not in the document or the live-service notes (docs/live-services.md#3d-generation--official-clients); the sandbox does not imitate it). */
/** The Meshy CLI's limit on a text-to-motion prompt. */
export const MOTION_PROMPT_MAX = 400;
export const TextToMotionRequest = z.object({
  prompt: Required('prompt', MOTION_PROMPT_MAX),
  mode: z.optional(z.enum(['prime', 'swift'], { error: 'mode must be prime or swift' })),
  duration: z.optional(z.number().check(z.gte(2, 'duration is 2 to 10 seconds'), z.lte(10, 'duration is 2 to 10 seconds'), z.refine((n) => Number.isInteger(n * 2), 'duration goes in steps of 0.5 seconds'))),
});
