import { MeshBasicMaterial, type Material, type Mesh, type Object3D, type Texture } from 'three';
import { meshesOf } from './materials';
import type { ChannelSlot, ChannelView } from './types';

/**
 * GLSL that replaces three's `map_fragment` for data maps: shows the raw texel values (undoing the
 * sRGB output encoding), picking the channel glTF stores the data in.
 */
const rawTexel: Record<Exclude<ChannelSlot, 'map'>, string> = {
  normalMap: 'texel.rgb',
  roughnessMap: 'vec3(texel.g)', // glTF metallicRoughnessTexture: roughness in G
  metalnessMap: 'vec3(texel.b)', // … metalness in B
};

function channelMaterial(source: Material, slot: ChannelSlot): MeshBasicMaterial {
  const texture = (source as unknown as Record<string, Texture | null | undefined>)[slot] ?? null;
  // A material without this map is drawn flat grey so the model keeps its shape.
  const material = new MeshBasicMaterial({
    map: texture,
    color: texture ? 0xffffff : 0x777777,
    side: source.side,
    toneMapped: false,
  });
  if (texture && slot !== 'map') {
    const expression = rawTexel[slot];
    material.onBeforeCompile = (shader) => {
      shader.fragmentShader = shader.fragmentShader.replace(
        '#include <map_fragment>',
        `vec4 texel = texture2D( map, vMapUv );\n\tdiffuseColor.rgb = sRGBTransferEOTF( vec4( ${expression}, 1.0 ) ).rgb;`,
      );
    };
    material.customProgramCacheKey = () => `viewer-channel-${slot}`;
  }
  return material;
}

/**
 * Shows one texture channel unlit on every mesh. Returns a function that puts the original
 * materials back and disposes the channel materials (never the textures, which belong to the model).
 */
export function applyChannelView(root: Object3D, view: ChannelView): () => void {
  if (view === 'lit') return () => {};
  const originals = new Map<Mesh, Material | Material[]>();
  const made = new Map<Material, MeshBasicMaterial>();
  const swap = (m: Material) => {
    let replacement = made.get(m);
    if (!replacement) {
      replacement = channelMaterial(m, view);
      made.set(m, replacement);
    }
    return replacement;
  };
  for (const mesh of meshesOf(root)) {
    originals.set(mesh, mesh.material);
    mesh.material = Array.isArray(mesh.material) ? mesh.material.map(swap) : swap(mesh.material);
  }
  return () => {
    for (const [mesh, material] of originals) mesh.material = material;
    for (const material of made.values()) material.dispose();
  };
}

/** Sets wireframe on whatever materials the meshes currently use. */
export function setWireframe(root: Object3D, on: boolean): void {
  for (const mesh of meshesOf(root)) {
    for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
      if ('wireframe' in m) (m as MeshBasicMaterial).wireframe = on;
    }
  }
}
