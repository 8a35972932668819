import { decodeImage, encodeRgbaPng, foregroundMask, sampleUv, type Rgba } from './image';
import { meshSdf, pictureSdf } from './silhouette';
import { mapPositions, type Soup } from './soup';

/**
 * Creative-lab products. A prototype is the subject of the picture cut out of its background (the
 * picture the build is made from); a build turns it into a printable solid: a figure on a round
 * base, a keychain (relief on a disc, with a ring), a fridge magnet (relief on a rounded square), or
 * a lamp shade (a lithophane cylinder whose wall is thinner where the picture is brighter). Every
 * build is one signed distance function meshed watertight by manifold-3d, in metres.
 */
export const products = ['figure', 'lamp', 'keychain', 'fridge-magnet'] as const;
export type ProductName = (typeof products)[number];
/** Size of each product in metres (figure height, keychain and magnet width, lamp height). */
export const productSize: Record<ProductName, number> = { figure: 0.12, lamp: 0.12, keychain: 0.05, 'fridge-magnet': 0.06 };

/** The subject of a picture on white, 512 px square. */
export async function cutOut(bytes: Uint8Array, removeBackground = true): Promise<Uint8Array> {
  const img = await decodeImage(bytes, 512);
  const grid = 128;
  const { mask } = foregroundMask(img, grid);
  const side = Math.max(img.width, img.height);
  const out = new Uint8Array(512 * 512 * 4).fill(255);
  for (let y = 0; y < 512; y++)
    for (let x = 0; x < 512; x++) {
      const sx = Math.floor((x / 512) * side - (side - img.width) / 2), sy = Math.floor((y / 512) * side - (side - img.height) / 2);
      if (sx < 0 || sy < 0 || sx >= img.width || sy >= img.height) continue;
      if (removeBackground && !mask[Math.floor((y / 512) * grid) * grid + Math.floor((x / 512) * grid)]) continue;
      out.set(img.data.subarray((sy * img.width + sx) * 4, (sy * img.width + sx) * 4 + 4), (y * 512 + x) * 4);
    }
  return encodeRgbaPng({ width: 512, height: 512, data: out });
}

const box2 = (x: number, y: number, hx: number, hy: number, r: number) => r - (Math.hypot(Math.max(Math.abs(x) - hx + r, 0), Math.max(Math.abs(y) - hy + r, 0)) + Math.min(Math.max(Math.abs(x) - hx + r, Math.abs(y) - hy + r), 0));

export async function buildProduct(product: ProductName, subjectPng: Uint8Array): Promise<{ soup: Soup; texture: Rgba }> {
  const picture = await decodeImage(subjectPng, 256);
  const { sdf: figure, silhouette } = pictureSdf([picture]);
  let mesh: { positions: Float32Array; indices: Uint32Array };
  if (product === 'figure') {
    // the figure stands on a disc 0.08 thick: the picture sits on top of it
    const base = ([x, y, z]: [number, number, number]) => Math.min(0.42 - Math.hypot(x, z), y + 0.08, -y);
    mesh = await meshSdf((p) => Math.max(figure(p), base(p)), [-0.52, -0.1, -0.52], [0.52, 1.02, 0.52], 0.022);
  } else if (product === 'lamp') {
    const sdf = ([x, y, z]: [number, number, number]) => {
      const r = Math.hypot(x, z);
      const u = (Math.atan2(z, x) / (2 * Math.PI) + 1) % 1;
      const [cr, cg, cb] = sampleUv(picture, u, 1 - y);
      const wall = 0.02 + 0.05 * (1 - (cr + cg + cb) / 765);
      return Math.min(wall / 2 - Math.abs(r - 0.4), y, 1 - y);
    };
    mesh = await meshSdf(sdf, [-0.5, -0.02, -0.5], [0.5, 1.02, 0.5], 0.02);
  } else {
    const keychain = product === 'keychain';
    const plate = (x: number, y: number) => (keychain ? 0.45 - Math.hypot(x, y - 0.5) : box2(x, y - 0.5, 0.46, 0.46, 0.08));
    const ring = (x: number, y: number, z: number) => 0.035 - Math.hypot(Math.hypot(x, y - 1.0) - 0.08, z);
    const sdf = ([x, y, z]: [number, number, number]) => {
      const slab = Math.min(plate(x, y), z + 0.03, 0.03 - z);
      const relief = Math.min(silhouette(x * 1.15, (y - 0.5) * 1.15 + 0.5), plate(x, y) - 0.02, z - 0.0, 0.09 - z);
      return Math.max(slab, relief, keychain ? ring(x, y, z) : -1);
    };
    mesh = await meshSdf(sdf, [-0.52, -0.02, -0.06], [0.52, 1.14, 0.11], 0.014);
  }
  let soup: Soup = { positions: mesh.positions, indices: mesh.indices, uvs: null, colors: null };
  const scale = productSize[product];
  soup = mapPositions(soup, (x, y, z) => [x * scale, (y + (product === 'figure' ? 0.08 : 0)) * scale, z * scale]);
  const uvs = new Float32Array((soup.positions.length / 3) * 2);
  for (let i = 0; i < uvs.length / 2; i++) {
    uvs[i * 2] = Math.min(1, Math.max(0, soup.positions[i * 3]! / scale + 0.5));
    uvs[i * 2 + 1] = Math.min(1, Math.max(0, 1 - soup.positions[i * 3 + 1]! / scale));
  }
  return { soup: { ...soup, uvs }, texture: picture };
}
