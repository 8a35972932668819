import { glbExtensionsUsed } from '../../../../../contracts/glb';
import type { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
import ktx2WorkerUrl from 'virtual:ktx2-worker';

/**
 * The decoders a compressed GLB needs, fetched only when a file names them, from the console's own
 * files: three's DRACOLoader and KTX2Loader find their wasm next to themselves
 * (`new URL('../libs/…', import.meta.url)`), which the build emits as hashed assets of this origin;
 * meshoptimizer's decoder carries its wasm inline. Nothing is fetched from a CDN (the e2e test
 * `static.spec.ts` reads the build for CDN hosts).
 */
export type DecoderKind = 'draco' | 'ktx2' | 'meshopt';

const EXTENSION_KIND: Record<string, DecoderKind> = {
  KHR_draco_mesh_compression: 'draco',
  KHR_texture_basisu: 'ktx2',
  EXT_meshopt_compression: 'meshopt',
  KHR_meshopt_compression: 'meshopt',
};

/** The decoders the GLB asks for. */
export function decodersFor(buffer: ArrayBuffer): DecoderKind[] {
  return [...new Set(glbExtensionsUsed(new Uint8Array(buffer)).flatMap((name) => EXTENSION_KIND[name] ?? []))];
}

/** One loader of each kind per page: its worker and wasm are made once, on the first file that needs them. */
let draco: Promise<NonNullable<GLTFLoader['dracoLoader']>> | null = null;
let ktx2: Promise<KTX2Loader> | null = null;
let meshopt: Promise<Parameters<GLTFLoader['setMeshoptDecoder']>[0]> | null = null;

function dracoLoader() {
  draco ??= import('./format-loaders').then(({ DRACOLoader, DRACO_GLTF_CONFIG }) => {
    // The decoder built for glTF's subset of Draco: 192 KB of wasm instead of 286 KB.
    const loader = new DRACOLoader().setDecoderPath(DRACO_GLTF_CONFIG);
    loader.setWorkerLimit(2);
    return loader;
  });
  return draco;
}

function ktx2Loader() {
  ktx2 ??= import('./format-loaders').then(async ({ KTX2Loader }) => {
    const loader = new KTX2Loader();
    loader.setWorkerLimit(2);
    // The transcoder picks a GPU format the device takes. The viewer's renderer may not exist yet
    // (the file is read while the canvas starts); a WebGL 2 context of this page answers the same.
    loader.detectSupport(supportProbe());
    if (ktx2WorkerUrl) {
      // The same worker from the build's own file, which may run the transcoder's generated
      // bindings (scripts/ktx2-worker.ts): the loader's `blob:` copy would keep the page's policy.
      await loader.init();
      URL.revokeObjectURL(loader.workerSourceURL);
      loader.workerSourceURL = ktx2WorkerUrl;
    }
    return loader;
  });
  return ktx2;
}

function meshoptDecoder() {
  meshopt ??= import('meshoptimizer/decoder').then(async ({ MeshoptDecoder }) => {
    await MeshoptDecoder.ready;
    return MeshoptDecoder;
  });
  return meshopt;
}

/** What KTX2Loader.detectSupport reads of a WebGLRenderer, answered by a short-lived WebGL 2 context. */
function supportProbe(): Parameters<KTX2Loader['detectSupport']>[0] {
  const gl = document.createElement('canvas').getContext('webgl2');
  const names = new Set(gl?.getSupportedExtensions() ?? []);
  // Read now: the context is let go before the loader asks.
  const astc = names.has('WEBGL_compressed_texture_astc') ? gl?.getExtension('WEBGL_compressed_texture_astc') : null;
  const profiles = astc?.getSupportedProfiles() ?? [];
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  const extensions = { has: (name: string) => names.has(name), get: () => ({ getSupportedProfiles: () => profiles }) };
  return { extensions } as unknown as Parameters<KTX2Loader['detectSupport']>[0];
}

/** Gives the loader the decoders the file needs (each fetched once per page). */
export async function withDecoders(loader: GLTFLoader, kinds: readonly DecoderKind[]): Promise<GLTFLoader> {
  await Promise.all(
    kinds.map(async (kind) => {
      if (kind === 'draco') loader.setDRACOLoader(await dracoLoader());
      else if (kind === 'ktx2') loader.setKTX2Loader(await ktx2Loader());
      else loader.setMeshoptDecoder(await meshoptDecoder());
    }),
  );
  return loader;
}
