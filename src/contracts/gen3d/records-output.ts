import { Numeric } from '../common';
import { z } from '../zod';

/**
 * What each task type produces, read leniently (document shape and the live shapes of the live-service notes (docs/live-services.md#3d-generation--outputs) and the official clients) into one normalized form per type, so the console can show any
 * type's output: rigging and animation `result` URLs (FBX fields empty or absent in the sandbox),
 * print analysis `printability`, the animation library and the CLI's public catalog.
 */

const url = z.pipe(z.nullish(z.string()), z.transform((s) => (typeof s === 'string' && s.trim() !== '' ? s : null)));
const Count = z.pipe(z.nullish(Numeric), z.transform((n) => n ?? null));

/** Rigging `result` (document: glb, walking and running; live: also FBX and armature-only files). */
export const RigResult = z.pipe(
  z.nullish(
    z.looseObject({
      rigged_character_glb_url: url,
      rigged_character_fbx_url: url,
      basic_animations: z.nullish(
        z.looseObject({
          walking_glb_url: url,
          walking_fbx_url: url,
          walking_armature_glb_url: url,
          running_glb_url: url,
          running_fbx_url: url,
          running_armature_glb_url: url,
        }),
      ),
    }),
  ),
  z.transform((r) => ({
    riggedGlb: r?.rigged_character_glb_url ?? null,
    riggedFbx: r?.rigged_character_fbx_url ?? null,
    walking: { glb: r?.basic_animations?.walking_glb_url ?? null, fbx: r?.basic_animations?.walking_fbx_url ?? null, armatureGlb: r?.basic_animations?.walking_armature_glb_url ?? null },
    running: { glb: r?.basic_animations?.running_glb_url ?? null, fbx: r?.basic_animations?.running_fbx_url ?? null, armatureGlb: r?.basic_animations?.running_armature_glb_url ?? null },
  })),
);
export type RigResult = z.output<typeof RigResult>;

/** Animation `result` (document: animation_glb_url; live: FBX and post-processed files). */
export const AnimationResult = z.pipe(
  z.nullish(
    z.looseObject({
      animation_glb_url: url,
      animation_fbx_url: url,
      processed_usdz_url: url,
      processed_armature_fbx_url: url,
      processed_animation_fps_fbx_url: url,
    }),
  ),
  z.transform((r) => ({
    glb: r?.animation_glb_url ?? null,
    fbx: r?.animation_fbx_url ?? null,
    processed: { usdz: r?.processed_usdz_url ?? null, armatureFbx: r?.processed_armature_fbx_url ?? null, fpsFbx: r?.processed_animation_fps_fbx_url ?? null },
  })),
);
export type AnimationResult = z.output<typeof AnimationResult>;

export const printabilityStatuses = ['healthy', 'warning', 'error', 'unknown'] as const;
export type PrintabilityStatus = (typeof printabilityStatuses)[number];

/** Print analysis (document: status and metrics; live: counts and evaluated_at). Any other status reads as unknown. */
export const Printability = z.pipe(
  z.looseObject({
    status: z.nullish(z.string()),
    issue_count: Count,
    error_count: Count,
    warning_count: Count,
    evaluated_at: Count,
    metrics: z.nullish(
      z.looseObject({
        is_watertight: z.nullish(z.boolean()),
        volume: Count,
        non_manifold_edges: Count,
        degenerate_faces: Count,
        holes: Count,
      }),
    ),
  }),
  z.transform((p) => {
    const status = (p.status ?? '').toLowerCase();
    return {
      status: ((printabilityStatuses as readonly string[]).includes(status) ? status : 'unknown') as PrintabilityStatus,
      issueCount: p.issue_count,
      errorCount: p.error_count,
      warningCount: p.warning_count,
      evaluatedAt: p.evaluated_at,
      metrics: {
        isWatertight: p.metrics?.is_watertight ?? null,
        volume: p.metrics?.volume ?? null,
        nonManifoldEdges: p.metrics?.non_manifold_edges ?? null,
        degenerateFaces: p.metrics?.degenerate_faces ?? null,
        holes: p.metrics?.holes ?? null,
      },
    };
  }),
);
export type Printability = z.output<typeof Printability>;

/** One action of the animation library (docs/live-services.md#3d-generation--animation-library) or of the CLI's catalog (same fields). */
export const AnimationEntry = z.looseObject({
  id: Numeric,
  key: z.nullish(z.string()),
  name: z.nullish(z.string()),
  category: z.nullish(z.string()),
  subCategory: z.nullish(z.string()),
  previewUrl: z.nullish(z.string()),
  rigType: z.nullish(z.string()),
  isDefault: z.nullish(z.boolean()),
  isFree: z.nullish(z.boolean()),
});
export type AnimationEntry = z.output<typeof AnimationEntry>;

/** The library: a bare array, or wrapped as the catalog is (`{result: {list}}`) or `{result: [...]}`. */
export const AnimationLibrary = z.pipe(
  z.union([z.array(AnimationEntry), z.looseObject({ result: z.union([z.array(AnimationEntry), z.looseObject({ list: z.array(AnimationEntry) })]) })]),
  z.transform((v) => (Array.isArray(v) ? v : Array.isArray(v.result) ? v.result : v.result.list)),
);

/** The CLI's public catalog: `{result: {total, list}}`. */
export const AnimationCatalog = z.looseObject({ result: z.looseObject({ total: z.optional(Numeric), list: z.array(AnimationEntry) }) });

/** Per-type outputs of a task record (after `TaskRecord`), for the console's result panels. */
export type TaskOutput =
  | { kind: 'rig'; rig: RigResult }
  | { kind: 'animation'; animation: AnimationResult }
  | { kind: 'print'; printability: Printability | null }
  | { kind: 'images'; images: string[] }
  | { kind: 'model'; formats: Record<string, string> };

/** Reads the output of any task type from its normalized record. */
export function taskOutput(task: { type: string | null; model_urls: Record<string, string>; image_urls: string[]; result: Record<string, unknown> | null; printability: Record<string, unknown> | null }): TaskOutput {
  const type = task.type ?? '';
  if (type === 'rig' || task.result?.rigged_character_glb_url !== undefined) return { kind: 'rig', rig: RigResult.parse(task.result) };
  if (type === 'animate' || task.result?.animation_glb_url !== undefined) return { kind: 'animation', animation: AnimationResult.parse(task.result) };
  if (type === 'print-analyze') {
    const parsed = task.printability ? Printability.safeParse(task.printability) : null;
    return { kind: 'print', printability: parsed?.success ? parsed.data : null };
  }
  if (Object.keys(task.model_urls).length === 0 && task.image_urls.length > 0) return { kind: 'images', images: task.image_urls };
  return { kind: 'model', formats: task.model_urls };
}
