import { composeModel } from './compose';
import { exportFormats } from './formats';
import { writeGlb } from './gltf';
import type { GlbTextures } from './gltf';
import { encodePng } from './png';
import { halveField, renderBaseColor, renderPbrMaps, samplePatterns } from './textures';
import type { RawImage } from './textures';
import { renderThumbnail } from './thumbnail';
import type { ExtraFormat, GeneratedModel, ModelSpec } from './types';

export type { ExtraFormat, GeneratedModel, ModelSpec } from './types';
export { describeSubject, SUBJECTS } from './subjects';

const BASE_SIZE = 1024;
const HD_BASE_SIZE = 2048;
const PBR_SIZE = 1024;

/**
 * Procedurally generate a model for a prompt: a GLB (validator-clean), its true triangle count,
 * a 512x512 thumbnail, the refine textures and any extra formats. Pure and deterministic:
 * the same spec always yields byte-identical output.
 */
export async function generateModel(spec: ModelSpec, extraFormats: ExtraFormat[] = []): Promise<GeneratedModel> {
  const model = composeModel(spec);
  const materials = model.groups.map((g) => g.material);
  const refine = spec.stage === 'refine';
  let atlas: RawImage | null = null;
  let glbTextures: GlbTextures | null = null;
  const textures: GeneratedModel['textures'] = {};
  if (refine) {
    const field = samplePatterns(materials, model.atlas, spec.hdTexture ? HD_BASE_SIZE : BASE_SIZE);
    atlas = renderBaseColor(materials, field);
    textures.base_color = encodePng(atlas);
    glbTextures = { baseColor: textures.base_color };
    if (spec.enablePbr) {
      let pbrField = field;
      while (pbrField.size > PBR_SIZE) pbrField = halveField(pbrField);
      const pbr = renderPbrMaps(materials, pbrField, model.atlas);
      textures.metallic = encodePng(pbr.metallic);
      textures.roughness = encodePng(pbr.roughness);
      textures.normal = encodePng(pbr.normal);
      glbTextures.metallicRoughness = encodePng(pbr.metallicRoughness);
      glbTextures.normal = textures.normal;
    }
  }
  const glb = await writeGlb(model.groups, model.subject, glbTextures);
  const faceCount = model.groups.reduce((sum, g) => sum + g.indices.length / 3, 0);
  const thumbnailPng = encodePng(renderThumbnail(model.groups, atlas));
  const formats = exportFormats(model.groups, [...new Set(extraFormats)]);
  return { glb, faceCount, thumbnailPng, textures, formats };
}
