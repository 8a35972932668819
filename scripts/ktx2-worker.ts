import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * `virtual:ktx2-worker`: the URL of three's KTX2 transcoder worker as a file of the build
 * (`assets/ktx2-worker-<hash>.js`), or null in the dev server.
 *
 * KTX2Loader runs Basis Universal's transcoder in a worker it makes from a `blob:` URL, and a
 * `blob:` worker keeps the page's Content-Security-Policy. The transcoder's embind makes its
 * bindings with `new Function`, which the console's pages refuse (no 'unsafe-eval'). The build
 * writes the same worker source KTX2Loader assembles (its constants, basis_transcoder.js and its
 * worker function) as a file of this origin; the server answers that one file with a policy of
 * its own that allows eval inside the worker and nothing else (src/server/gates.ts), and the
 * viewer points the loader at it (src/web/features/gen3d/components/viewer/decoders.ts). The dev
 * server sets no CSP: the loader's own `blob:` worker runs there.
 */
export function ktx2Worker(): Plugin {
  const id = '\0virtual:ktx2-worker';
  let serve = false;
  return {
    name: 'ktx2-worker',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(source) {
      return source === 'virtual:ktx2-worker' ? id : null;
    },
    async load(loaded) {
      if (loaded !== id) return null;
      if (serve) return 'export default null;';
      const ref = this.emitFile({ type: 'asset', name: 'ktx2-worker.js', source: await workerSource() });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

/** What KTX2Loader.init() puts in its worker's blob, for the three this build bundles. */
async function workerSource(): Promise<string> {
  const { KTX2Loader } = await import('three/examples/jsm/loaders/KTX2Loader.js');
  const statics = KTX2Loader as unknown as Record<'EngineFormat' | 'EngineType' | 'TranscoderFormat' | 'BasisFormat', unknown> & { BasisWorker: () => void };
  const transcoder = readFileSync(createRequire(import.meta.url).resolve('three/examples/jsm/libs/basis/basis_transcoder.js'), 'utf8');
  const fn = statics.BasisWorker.toString();
  return [
    '/* constants */',
    `let _EngineFormat = ${JSON.stringify(statics.EngineFormat)}`,
    `let _EngineType = ${JSON.stringify(statics.EngineType)}`,
    `let _TranscoderFormat = ${JSON.stringify(statics.TranscoderFormat)}`,
    `let _BasisFormat = ${JSON.stringify(statics.BasisFormat)}`,
    '/* basis_transcoder.js */',
    transcoder,
    '/* worker */',
    fn.substring(fn.indexOf('{') + 1, fn.lastIndexOf('}')),
  ].join('\n');
}
