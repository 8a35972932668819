import { renderThumbnail } from '../model/thumbnail';
import type { RawImage } from '../model/textures';
import type { MeshGroup } from '../model/types';
import { encodePng } from '../model/png';
import type { Rgba } from './image';
import { vertexNormals, type Soup } from './soup';

/** RGBA to the thumbnail renderer's RGB image. */
export const toRgb = (img: Rgba): RawImage => {
  const data = new Uint8Array(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) data.set(img.data.subarray(i * 4, i * 4 + 3), i * 3);
  return { width: img.width, height: img.height, channels: 3, data };
};

/**
 * A 512×512 PNG of a soup with the sandbox's thumbnail renderer: textured through its UVs when a
 * texture is given, else in its mean vertex colour (or grey).
 */
export function soupThumbnail(soup: Soup, texture: Rgba | null = null, view?: { yaw: number; pitch: number }): Uint8Array {
  const color: [number, number, number] = [0.72, 0.72, 0.74];
  if (soup.colors && soup.colors.length) {
    const n = soup.colors.length / 3;
    for (let k = 0; k < 3; k++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += soup.colors[i * 3 + k]!;
      color[k] = sum / n;
    }
  }
  const group: MeshGroup = {
    material: { name: 'model', color, metallic: 0, roughness: 0.7, pattern: 'noise' },
    positions: soup.positions,
    normals: vertexNormals(soup.positions, soup.indices),
    uvs: soup.uvs ?? new Float32Array((soup.positions.length / 3) * 2),
    indices: soup.indices,
  };
  return encodePng(renderThumbnail([group], texture && soup.uvs ? toRgb(texture) : null, view));
}
