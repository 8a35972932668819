/**
 * The 3D task types. A module of its own: the queue (the first page) filters by them without
 * loading the output-file table of outputs.ts.
 */

/** Task types (the record's `type`; the live-service notes (docs/live-services.md#3d-generation--task-records) names where known, (?) inferred from the path). */
export const gen3dTaskTypes = [
  'text-to-3d-preview',
  'text-to-3d-refine',
  'image-to-3d',
  'multi-image-to-3d',
  'retexture',
  'remesh',
  'convert', // (?)
  'resize', // (?)
  'uv-unwrap', // (?)
  'rig',
  'animate',
  'text-to-image',
  'image-to-image',
  'print-analyze',
  'print-repair',
  'print-multi-color',
  'creative-lab-prototype', // (?) one per product path
  'creative-lab-build', // (?)
  'text-to-motion', // (?) the CLI's; neither the document nor the live-service notes (docs/live-services.md#3d-generation--official-clients) name it
] as const;
export type Gen3dTaskType = (typeof gen3dTaskTypes)[number];
