import { Vector3, type Object3D, type Texture } from 'three';
import { meshesOf, textureSlots, uniqueMaterials } from './materials';
import { checkMesh, mergeChecks, type MeshCheck } from './mesh-check';

/** Runs the mesh check on every mesh of a model, in world coordinates (the rest pose of skinned meshes). */
export function checkModel(root: Object3D): MeshCheck {
  root.updateMatrixWorld(true);
  const v = new Vector3();
  const checks = meshesOf(root).map((mesh) => {
    const position = mesh.geometry.attributes.position;
    if (!position) return checkMesh({ positions: [], index: null });
    const world = new Float32Array(position.count * 3);
    for (let i = 0; i < position.count; i++) {
      v.fromBufferAttribute(position, i).applyMatrix4(mesh.matrixWorld);
      world[i * 3] = v.x;
      world[i * 3 + 1] = v.y;
      world[i * 3 + 2] = v.z;
    }
    return checkMesh({ positions: world, index: mesh.geometry.index ? mesh.geometry.index.array : null });
  });
  return mergeChecks(checks);
}

/**
 * Bytes the model's textures take on the GPU once uploaded: 4 bytes a texel, plus a third for
 * mipmaps. Compressed or unsized images count 0.
 */
export function textureMemory(root: Object3D): number {
  const textures = new Set<Texture>();
  for (const material of uniqueMaterials(meshesOf(root))) for (const [, texture] of textureSlots(material)) textures.add(texture);
  let bytes = 0;
  for (const texture of textures) {
    const image = texture.image as { width?: number; height?: number } | null;
    const w = image?.width ?? 0;
    const h = image?.height ?? 0;
    bytes += w * h * 4 * (texture.generateMipmaps ? 4 / 3 : 1);
  }
  return Math.round(bytes);
}
