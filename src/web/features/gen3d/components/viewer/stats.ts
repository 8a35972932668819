import { Box3, Vector3, type InstancedMesh, type Object3D, type Texture } from 'three';
import { materialList, meshesOf, textureSlots, uniqueMaterials } from './materials';
import type { ViewerStats } from './types';

/** The exact world-space bounding box of the model (skinning and morphs applied). */
export const modelBox = (root: Object3D): Box3 => new Box3().setFromObject(root, true);

/**
 * Counts what the model draws. Triangles and vertices are per mesh object (a geometry used by two
 * nodes counts twice, instances count once each); textures are unique Texture objects over every
 * map slot of every material.
 */
export function computeStats(root: Object3D, fileSize: number | null, box: Box3 = modelBox(root)): ViewerStats {
  const meshes = meshesOf(root);
  let triangles = 0;
  let vertices = 0;
  let drawCalls = 0;
  for (const mesh of meshes) {
    const { index, attributes } = mesh.geometry;
    const positions = attributes.position?.count ?? 0;
    const instances = (mesh as InstancedMesh).isInstancedMesh ? (mesh as InstancedMesh).count : 1;
    triangles += Math.floor((index ? index.count : positions) / 3) * instances;
    vertices += positions * instances;
    drawCalls += Array.isArray(mesh.material) ? Math.max(1, mesh.geometry.groups.length) : 1;
  }
  const materials = uniqueMaterials(meshes);
  const textures = new Set<Texture>();
  for (const material of materials) for (const [, texture] of textureSlots(material)) textures.add(texture);
  const size = box.isEmpty() ? new Vector3() : box.getSize(new Vector3());
  return {
    triangles,
    vertices,
    meshes: meshes.length,
    materials: materials.size,
    textures: textures.size,
    fileSize,
    drawCalls,
    size: [size.x, size.y, size.z],
  };
}

/** Map slots present in any material, in a stable order (known slots first, then the rest A–Z). */
export function presentTextureSlots(root: Object3D): string[] {
  const found = new Set<string>();
  for (const mesh of meshesOf(root)) {
    for (const material of materialList(mesh)) for (const [slot] of textureSlots(material)) found.add(slot);
  }
  const known = ['map', 'normalMap', 'metalnessMap', 'roughnessMap', 'emissiveMap', 'aoMap'];
  return [...known.filter((s) => found.has(s)), ...[...found].filter((s) => !known.includes(s)).sort()];
}
