import type { Material, Mesh, Object3D, SkinnedMesh, Texture } from 'three';

/** Every mesh under `root`, including skinned and instanced meshes. */
export function meshesOf(root: Object3D): Mesh[] {
  const meshes: Mesh[] = [];
  root.traverse((o) => {
    if ((o as Mesh).isMesh) meshes.push(o as Mesh);
  });
  return meshes;
}

export const materialList = (mesh: Mesh): Material[] => (Array.isArray(mesh.material) ? mesh.material : [mesh.material]);

/** Unique materials across `meshes`. */
export function uniqueMaterials(meshes: readonly Mesh[]): Set<Material> {
  const set = new Set<Material>();
  for (const mesh of meshes) for (const m of materialList(mesh)) set.add(m);
  return set;
}

/** The texture slots of a material (map, normalMap, …) with the texture in each. */
export function textureSlots(material: Material): [slot: string, texture: Texture][] {
  const slots: [string, Texture][] = [];
  for (const [key, value] of Object.entries(material)) {
    if (value && typeof value === 'object' && (value as Texture).isTexture) slots.push([key, value as Texture]);
  }
  return slots;
}

/** Frees the GPU resources of a loaded model: geometries, materials, their textures and skeletons. */
export function disposeModel(root: Object3D): void {
  // Meshes, lines and points all carry a geometry and material(s).
  const drawables: Mesh[] = [];
  root.traverse((o) => {
    if ('geometry' in o && 'material' in o) drawables.push(o as Mesh);
  });
  const textures = new Set<Texture>();
  for (const material of uniqueMaterials(drawables)) {
    for (const [, texture] of textureSlots(material)) textures.add(texture);
    material.dispose();
  }
  for (const texture of textures) {
    texture.dispose();
    const image: unknown = texture.image;
    if (typeof ImageBitmap !== 'undefined' && image instanceof ImageBitmap) image.close();
  }
  for (const o of drawables) {
    o.geometry.dispose();
    if ((o as SkinnedMesh).isSkinnedMesh) (o as SkinnedMesh).skeleton.dispose();
  }
}
