/**
 * The types of the files the services make, by extension: one table for the sandbox, which serves
 * them (sandbox/gen3d/routes/files.ts), and the BFF, which passes them on and decides what may open
 * in the browser (server/http/file-headers.ts).
 */
export const fileTypes: Readonly<Record<string, string>> = {
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  obj: 'model/obj',
  stl: 'model/stl',
  '3mf': 'model/3mf',
  usdz: 'model/vnd.usdz+zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
  /** Motion capture text (text-to-motion's BVH clip). */
  bvh: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};
