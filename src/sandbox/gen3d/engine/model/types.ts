import type { BufferGeometry } from 'three';

export type ModelSpec = {
  prompt: string;
  stage: 'preview' | 'refine';
  /** refine only: adds metallic-roughness and normal maps */
  enablePbr?: boolean;
  /** refine only: larger base-colour texture (2048 instead of 1024) */
  hdTexture?: boolean;
  /** humanoid prompts: arms down at ~45° (a) or horizontal (t) */
  poseMode?: 'a-pose' | 't-pose' | '';
};

export type ExtraFormat = 'obj' | 'stl' | '3mf';

export type GeneratedModel = {
  glb: Uint8Array;
  /** true triangle count of all meshes in the GLB */
  faceCount: number;
  /** 512x512 PNG that shows this model */
  thumbnailPng: Uint8Array;
  /** PNGs, refine only (metallic/roughness/normal only with enablePbr) */
  textures: { base_color?: Uint8Array; metallic?: Uint8Array; roughness?: Uint8Array; normal?: Uint8Array };
  /** only those asked for */
  formats: Partial<Record<ExtraFormat, Uint8Array>>;
};

/** sRGB colour, components 0..1 */
export type RGB = readonly [number, number, number];

export type PatternKind =
  | 'wood'
  | 'bark'
  | 'stripes'
  | 'noise'
  | 'scales'
  | 'bricks'
  | 'brushed'
  | 'spots'
  | 'facets'
  | 'tiles'
  | 'fabric'
  | 'leaves';

export type MaterialSpec = {
  name: string;
  color: RGB;
  /** second colour of the procedural pattern (defaults to a shade of `color`) */
  accent?: RGB;
  metallic: number;
  roughness: number;
  pattern: PatternKind;
  emissive?: RGB;
  /** the material that carries the prompt's colour; it is written first */
  primary?: boolean;
};

export type Part = { material: MaterialSpec; geometry: BufferGeometry };

/** One material's merged, normalised, indexed geometry (one glTF mesh). */
export type MeshGroup = {
  material: MaterialSpec;
  positions: Float32Array;
  normals: Float32Array;
  /** UVs already remapped into this material's atlas tile */
  uvs: Float32Array;
  indices: Uint32Array;
};

export type Pose = 'a-pose' | 't-pose' | '';
