import { Document, WebIO } from '@gltf-transform/core';
import type { Texture } from '@gltf-transform/core';
import { srgbToLinear } from './palette';
import { computeTangents } from './tangents';
import type { MeshGroup } from './types';

export type GlbTextures = { baseColor: Uint8Array; metallicRoughness?: Uint8Array; normal?: Uint8Array };

/** One node + mesh + material per group; shared atlas textures when refining. */
export async function writeGlb(groups: readonly MeshGroup[], name: string, textures: GlbTextures | null): Promise<Uint8Array> {
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'Triptych sandbox gen3d';
  const buffer = doc.createBuffer();
  const scene = doc.createScene(name);
  doc.getRoot().setDefaultScene(scene);
  const png = (label: string, image: Uint8Array): Texture =>
    doc.createTexture(label).setImage(image).setMimeType('image/png');
  const base = textures ? png('base_color', textures.baseColor) : null;
  const mr = textures?.metallicRoughness ? png('metallic_roughness', textures.metallicRoughness) : null;
  const normal = textures?.normal ? png('normal', textures.normal) : null;
  for (const g of groups) {
    const m = g.material;
    const material = doc
      .createMaterial(m.name)
      .setBaseColorFactor(base ? [1, 1, 1, 1] : [srgbToLinear(m.color[0]), srgbToLinear(m.color[1]), srgbToLinear(m.color[2]), 1])
      .setMetallicFactor(mr ? 1 : m.metallic)
      .setRoughnessFactor(mr ? 1 : m.roughness);
    if (m.emissive) material.setEmissiveFactor([m.emissive[0], m.emissive[1], m.emissive[2]]);
    if (base) material.setBaseColorTexture(base);
    if (mr) material.setMetallicRoughnessTexture(mr);
    if (normal) material.setNormalTexture(normal);
    const vertexCount = g.positions.length / 3;
    const indices = vertexCount <= 65535 ? Uint16Array.from(g.indices) : g.indices;
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setArray(g.positions).setBuffer(buffer))
      .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(g.normals).setBuffer(buffer))
      .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(g.uvs).setBuffer(buffer))
      .setIndices(doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer))
      .setMaterial(material);
    if (normal) prim.setAttribute('TANGENT', doc.createAccessor().setType('VEC4').setArray(computeTangents(g)).setBuffer(buffer));
    const mesh = doc.createMesh(m.name).addPrimitive(prim);
    scene.addChild(doc.createNode(m.name).setMesh(mesh));
  }
  return new WebIO().writeBinary(doc);
}
