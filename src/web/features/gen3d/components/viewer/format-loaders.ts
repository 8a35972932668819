/**
 * three's loaders for the files that need more than GLTFLoader: 3MF prints and the decoders of
 * compressed GLBs. One chunk, fetched on the first such file: when several chunks loaded on demand
 * import three, the build moves three out of the viewer chunk into a file of its own that every
 * viewer then waits for as well; with one, three stays in the viewer chunk.
 */
export { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js';
export { DRACOLoader, DRACO_GLTF_CONFIG } from 'three/examples/jsm/loaders/DRACOLoader.js';
export { KTX2Loader } from 'three/examples/jsm/loaders/KTX2Loader.js';
