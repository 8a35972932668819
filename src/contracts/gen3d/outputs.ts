/**
 * The output files of each 3D task type: the only fields of a task record the console treats as
 * files (copies into its archive, serves as same-origin URLs). Everything else a record holds —
 * the request's echoed inputs such as `prompt`, an input `image_url`, `model_url`,
 * `reference_image_urls`, fields nobody knows — is data, never fetched.
 *
 * Fields are paths into the raw record; a segment `*` matches any key or array index, and `*`
 * inside a segment matches any run of characters in a key (`*_url`). Sources: the document's task
 * record (model_urls, thumbnail_url, texture_urls, rigging and animation `result`, `image_url` of
 * text-to-image) and the field notes (texture_urls as an array or one object, text-to-image
 * `image_urls`, the live rigging and animation result fields, multi-color 3MF in model_urls).
 */

import { gen3dTaskTypes, type Gen3dTaskType } from './task-types';

export { gen3dTaskTypes, type Gen3dTaskType } from './task-types';

/** A model and its preview image. */
const model = ['model_urls.*', 'thumbnail_url'] as const;
/** A textured model: texture maps as one object (image-to-3d, remesh) or an array of sets (text-to-3d). */
const textured = [...model, 'texture_urls.*', 'texture_urls.*.*'] as const;
const rigResult = [
  'result.rigged_character_glb_url',
  'result.rigged_character_fbx_url',
  // walking_glb_url, running_glb_url (document); walking_fbx_url, walking_armature_glb_url, running_fbx_url, running_armature_glb_url (field notes)
  'result.basic_animations.*_url',
] as const;
const animationResult = [
  'result.animation_glb_url',
  'result.animation_fbx_url',
  // processed_usdz_url, processed_armature_fbx_url, processed_animation_fps_fbx_url (field notes)
  'result.processed_*_url',
] as const;
/** Text-to-image and image-to-image answer `image_url` (document) and `image_urls` (live; three with multi-view), and a `thumbnail_url` (every task record has one). */
const images = ['image_url', 'image_urls.*', 'thumbnail_url'] as const;

export const outputFields: Readonly<Record<Gen3dTaskType, readonly string[]>> = {
  'text-to-3d-preview': textured,
  'text-to-3d-refine': textured,
  'image-to-3d': textured,
  'multi-image-to-3d': textured,
  retexture: textured,
  remesh: textured,
  convert: model,
  resize: model,
  'uv-unwrap': textured,
  rig: [...rigResult, 'thumbnail_url'],
  animate: [...animationResult, 'thumbnail_url'],
  'text-to-image': images,
  'image-to-image': images,
  // Analysis answers `printability`, no file.
  'print-analyze': [],
  // Repair outputs the input's format, geometry only.
  'print-repair': model,
  // 3MF in model_urls.3mf.
  'print-multi-color': model,
  // The prototype's pictures in `image_urls` (its input picture is `image_url`, never fetched).
  'creative-lab-prototype': [...textured, 'image_urls.*'],
  'creative-lab-build': textured,
  // The CLI reads `result.motion_url` (and `result.motion_format`).
  'text-to-motion': ['result.motion_url', 'thumbnail_url'],
};

const pathTypes: Array<[RegExp, Gen3dTaskType]> = [
  [/\/image-to-3d$/, 'image-to-3d'],
  [/\/multi-image-to-3d$/, 'multi-image-to-3d'],
  [/\/retexture$/, 'retexture'],
  [/\/remesh$/, 'remesh'],
  [/\/convert$/, 'convert'],
  [/\/resize$/, 'resize'],
  [/\/uv-unwrap$/, 'uv-unwrap'],
  [/\/rigging$/, 'rig'],
  [/\/animations$/, 'animate'],
  [/\/text-to-image$/, 'text-to-image'],
  [/\/image-to-image$/, 'image-to-image'],
  [/\/print\/analyze$/, 'print-analyze'],
  [/\/print\/repair$/, 'print-repair'],
  [/\/print\/multi-color$/, 'print-multi-color'],
  [/\/creative-lab\/[^/]+\/v1\/prototype$/, 'creative-lab-prototype'],
  [/\/creative-lab\/[^/]+\/v1\/build$/, 'creative-lab-build'],
  [/\/text-to-motion$/, 'text-to-motion'],
];

/** The type of task a create path makes (text-to-3d: by the body's `mode`); null for a path that makes none. */
export function taskTypeOf(createPath: string, body?: { mode?: unknown } | null): Gen3dTaskType | null {
  if (/\/text-to-3d$/.test(createPath)) return body?.mode === 'refine' ? 'text-to-3d-refine' : 'text-to-3d-preview';
  return pathTypes.find(([re]) => re.test(createPath))?.[1] ?? null;
}

const isKnownType = (t: unknown): t is Gen3dTaskType => typeof t === 'string' && (gen3dTaskTypes as readonly string[]).includes(t);

/** The output fields of a record: by its own `type` when the table knows it, else by the path it was created on. */
export function outputFieldsOf(recordType: unknown, createPath: string, body?: { mode?: unknown } | null): readonly string[] {
  if (isKnownType(recordType)) return outputFields[recordType];
  const byPath = taskTypeOf(createPath, body);
  return byPath ? outputFields[byPath] : [];
}

const globs = new Map<string, RegExp>();
const globOf = (pattern: string) => {
  let re = globs.get(pattern);
  if (!re) {
    re = new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^.]*')}$`,
    );
    globs.set(pattern, re);
  }
  return re;
};
const segmentMatches = (pattern: string, segment: string) => pattern === '*' || (pattern.includes('*') ? globOf(pattern).test(segment) : pattern === segment);

const isFileUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S+$/i.test(v);

/** Walks the values a field pattern names: `[key, value]` with the key as a dotted path. */
function* walk(value: unknown, pattern: readonly string[], path: string[]): Generator<[string, unknown]> {
  if (pattern.length === 0) {
    yield [path.join('.'), value];
    return;
  }
  if (!value || typeof value !== 'object') return;
  const [head, ...rest] = pattern as [string, ...string[]];
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [k, v] of entries) if (segmentMatches(head, k)) yield* walk(v, rest, [...path, k]);
}

/** The output file URLs of a record, each named by its path (`model_urls.glb`, `texture_urls.0.base_color`). Empty values are skipped. */
export function outputFiles(record: unknown, fields: readonly string[]): Array<{ key: string; url: string }> {
  const seen = new Set<string>();
  const out: Array<{ key: string; url: string }> = [];
  for (const field of fields) {
    for (const [key, v] of walk(record, field.split('.'), [])) {
      if (isFileUrl(v) && !seen.has(key)) {
        seen.add(key);
        out.push({ key, url: v });
      }
    }
  }
  return out;
}

/** A copy of the record with each output file URL replaced by `to(key)`; every other field as it was. */
export function mapOutputFiles<T>(record: T, fields: readonly string[], to: (key: string, url: string) => string): T {
  const keys = new Map(outputFiles(record, fields).map((f) => [f.key, f.url]));
  if (keys.size === 0) return record;
  const rebuild = (v: unknown, path: string[]): unknown => {
    const key = path.join('.');
    const url = keys.get(key);
    if (url !== undefined && typeof v === 'string') return to(key, url);
    if (Array.isArray(v)) return v.map((x, i) => rebuild(x, [...path, String(i)]));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebuild(x, [...path, k])]));
    return v;
  };
  return rebuild(record, []) as T;
}
