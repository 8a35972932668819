/**
 * The output files of a task record, in groups the operations of operations.ts name: the only
 * fields of a record the console treats as files (copies into its archive, serves as same-origin
 * URLs). Everything else a record holds — the request's echoed inputs such as `prompt`, an input
 * `image_url`, `model_url`, `reference_image_urls`, fields nobody knows — is data, never fetched.
 *
 * Fields are paths into the raw record; a segment `*` matches any key or array index, and `*`
 * inside a segment matches any run of characters in a key (`*_url`). Sources: the document's task
 * record (model_urls, thumbnail_url, texture_urls, rigging and animation `result`, `image_url` of
 * text-to-image) and the live-service notes (docs/live-services.md#3d-generation--outputs) (texture_urls as an array or one object, text-to-image
 * `image_urls`, the live rigging and animation result fields, multi-color 3MF in model_urls).
 */

/** A model and its preview image. */
export const modelFiles = ['model_urls.*', 'thumbnail_url'] as const;
/** A textured model: texture maps as one object (image-to-3d, remesh) or an array of sets (text-to-3d). */
export const texturedModelFiles = [...modelFiles, 'texture_urls.*', 'texture_urls.*.*'] as const;
export const rigFiles = [
  'result.rigged_character_glb_url',
  'result.rigged_character_fbx_url',
  // walking_glb_url, running_glb_url (document); walking_fbx_url, walking_armature_glb_url, running_fbx_url, running_armature_glb_url (docs/live-services.md#3d-generation--outputs)
  'result.basic_animations.*_url',
  'thumbnail_url',
] as const;
export const animationFiles = [
  'result.animation_glb_url',
  'result.animation_fbx_url',
  // processed_usdz_url, processed_armature_fbx_url, processed_animation_fps_fbx_url (docs/live-services.md#3d-generation--outputs)
  'result.processed_*_url',
  'thumbnail_url',
] as const;
/** Text-to-image and image-to-image answer `image_url` (document) and `image_urls` (live; three with multi-view), and a `thumbnail_url` (every task record has one). */
export const imageFiles = ['image_url', 'image_urls.*', 'thumbnail_url'] as const;
/** The Meshy CLI reads `result.motion_url` (and `result.motion_format`). */
export const motionFiles = ['result.motion_url', 'thumbnail_url'] as const;
