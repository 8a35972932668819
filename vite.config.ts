import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { readFileSync } from 'node:fs';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { routeSplitGroupings } from './src/web/lib/route-split';
import { routeRecords } from './scripts/route-records';
import { ktx2Worker } from './scripts/ktx2-worker';

const bff = `http://127.0.0.1:${process.env.PORT ?? 8787}`;
const threeForR3f = fileURLToPath(new URL('./src/web/features/gen3d/components/viewer/three-for-r3f.ts', import.meta.url));

/**
 * React Three Fiber 9 makes its frame clock with `new THREE.Clock()`, which three r183+ deprecates
 * (a console warning on every viewer). Its imports of 'three' get three with `Clock` backed by
 * `THREE.Timer` (src/web/features/gen3d/components/viewer/three-for-r3f.ts); nothing else changes.
 */
const r3fTimerClock = {
  name: 'r3f-timer-clock',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    return source === 'three' && importer && /[\\/]@react-three[\\/]fiber[\\/]/.test(importer) ? threeForR3f : null;
  },
};

/**
 * React's JSX runtime is CommonJS: bundled as it is, every element is made through its module
 * object, `(0,s.jsx)(…)`. This ESM face of it lets the bundler bind `jsx`, `jsxs` and `Fragment`
 * directly (`c(…)`): 0.1 KB gzip less on the first page, 0.3 KB less in the viewer. Builds only;
 * the dev server and the tests use React's module as it is.
 */
const JSX_RUNTIME_ESM = '\0jsx-runtime-esm';
const jsxRuntimeEsm = {
  name: 'jsx-runtime-esm',
  apply: 'build' as const,
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    return source === 'react/jsx-runtime' && importer !== JSX_RUNTIME_ESM ? JSX_RUNTIME_ESM : null;
  },
  load(id: string) {
    return id === JSX_RUNTIME_ESM ? "import runtime from 'react/jsx-runtime';\nexport const jsx = runtime.jsx, jsxs = runtime.jsxs, Fragment = runtime.Fragment;" : null;
  },
};

/**
 * The BFF's route table (src/contracts/bff-routes) names the query and path-parameter schemas of
 * its read routes from contracts/bff-queries.ts. The BFF checks them; the browser never does (it
 * builds those queries itself, and its client reads a route's method, path and answer only). In
 * the browser's build the table's modules get a face of that module whose every export is
 * `undefined`, so the first page, which calls those routes, carries none of their schemas (about
 * 1 KB gzip with the zod parts they need). Builds only: the tests and the server use the real one.
 */
const BFF_QUERIES = fileURLToPath(new URL('./src/contracts/bff-queries.ts', import.meta.url));
const BFF_QUERIES_FACE = '\0bff-queries-face';
const browserRouteInputs = {
  name: 'browser-route-inputs',
  apply: 'build' as const,
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    return source === '../bff-queries' && importer && /[\\/]src[\\/]contracts[\\/]bff-routes[\\/]/.test(importer) ? BFF_QUERIES_FACE : null;
  },
  load(id: string) {
    if (id !== BFF_QUERIES_FACE) return null;
    const names = [...readFileSync(BFF_QUERIES, 'utf8').matchAll(/^export const (\w+)/gm)].map((m) => m[1]);
    return names.map((name) => `export const ${name} = undefined;`).join('\n');
  },
};

/**
 * Vite wraps every lazy `import()` in a helper that first preloads the chunk's own imports and CSS.
 * The console preloads none of those (modulePreload below: the router fetches a page's chunk on
 * intent) and has one stylesheet, so the helper only ever called the import: it is that call here
 * (1.7 KB less on the first page). A failed import still rejects to the router as before.
 */
const plainLazyImports = {
  name: 'plain-lazy-imports',
  enforce: 'pre' as const,
  load(id: string) {
    return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : null;
  },
};

/**
 * dist/.vite/routes.json: the routes of the tree the router generator makes, each with its source
 * files, for the server's preload hints (src/server/page-routes.ts matches a page's path with them).
 */
const routes = routeRecords();

/**
 * `npm run dev` forwards /api and /sandbox to the BFF under the BFF's own Host (it answers only
 * the names it is reachable under). A write from the dev page carries the dev server's Origin:
 * that one, and only that one, is restated as the BFF's, so cross-origin writes stay refused.
 */
const toBff: ProxyOptions = {
  target: bff,
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on('proxyReq', (proxyReq, req) => {
      const { origin, host } = req.headers;
      if (origin && host && origin === `http://${host}`) proxyReq.setHeader('origin', bff);
    });
  },
};

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/web/routes',
      generatedRouteTree: 'src/web/route-tree.gen.ts',
      quoteStyle: 'single',
      codeSplittingOptions: { defaultBehavior: routeSplitGroupings },
      plugins: [routes.generator],
    }),
    routes.vite,
    r3fTimerClock,
    browserRouteInputs,
    jsxRuntimeEsm,
    plainLazyImports,
    ktx2Worker(),
    react(),
    tailwindcss(),
    // Brotli and gzip beside each asset at build time; the BFF picks one by Accept-Encoding
    // (index.html is small and rewritten per request: compressed when served).
    compression({
      include: /\.(js|mjs|css|svg|json|wasm|txt)$/,
      exclude: /[\\/]\.vite[\\/]/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // @tanstack/react-store imports the React 17 shim of useSyncExternalStoreWithSelector; React 19
    // has useSyncExternalStore itself, which the package's own with-selector uses (0.3 KB less).
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // dist/.vite/manifest.json: which chunks a page needs, for the server's preload hints (src/server/page-preload.ts).
    manifest: true,
    // Every browser the console supports preloads modules natively. index.html preloads what the
    // first page imports; a lazy chunk's imports are not listed in the entry (the list of every
    // chunk's file names weighed 2.6 KB gzip on the first page): the browser fetches them with the
    // chunk, which the router already loads when a link is hovered or focused (defaultPreload 'intent').
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // Contract modules only declare schemas and constants (zod.ts alone configures zod): one the
      // page imports nothing from is left out whole, whatever the barrels re-export.
      // zod marks its builders free of side effects, but rolldown forgets that when zod sits in
      // another chunk (framework) than the caller: a module's schemas nothing reads were kept.
      // (rolldown/rolldown#9956). `z.*` calls, contracts/query.ts's builders and the BFF route table's
      // `bffRoute` (contracts/bff-routes/route.ts) are declared pure
      // here, so such schemas are left out (1 KB on the first page); zod.ts calls `config` by its
      // own name because it is run for its effect.
      treeshake: { manualPureFunctions: ['z', 'Query', 'Params', 'IntParam', 'BoolParam', 'PathParam', 'ClampedInt', 'bffRoute'], moduleSideEffects: (id: string) => !/[\\/]src[\\/]contracts[\\/](?!zod\.ts$)/.test(id) },
      output: {
        // What the first page runs in one file: one request and one gzip stream (132.2 KB against
        // 134.9 KB in the four files of framework, app and the small shared chunks). The group takes
        // only what the entry itself loads ($initial): the framework's packages and the console's own
        // code, with the 3D queue (the page `/` opens: its route is not split). Parts only lazy
        // pages use (infinite lists, the form library) stay in their chunks.
        codeSplitting: {
          groups: [
            {
              name: 'app',
              test: /[\\/]src[\\/]|node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|zod|clsx|@tanstack[\\/](router-core|react-router|history|store|react-store|query-core|react-query))[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            // Run by a finished task's page before the app starts (src/server/page-preload.ts): the model's
            // download, with nothing of the app or the framework in it to wait for.
            {
              name: 'early-download',
              test: /src[\\/](web[\\/]features[\\/]gen3d[\\/]components[\\/](early-download|viewer[\\/](model-bytes|model-download|download|load-error))|contracts[\\/]own-path)\.ts$/,
              priority: 3,
            },
            { name: 'ui', test: /src[\\/]web[\\/](components[\\/]ui[\\/](alert|badge|button|card|list-states|progress|spinner|stat)|lib[\\/](cn|api|format|use-now))\.tsx?$/, priority: 1 },
          ],
        },
      },
    },
  },
  // The dev server pre-bundles r3f: give its imports the same three there.
  optimizeDeps: { rolldownOptions: { plugins: [r3fTimerClock] } },
  // `npm run dev`: Vite serves the SPA and forwards the API to a BFF started with `npm run dev:server`.
  server: { host: '127.0.0.1', proxy: { '/api': toBff, '/sandbox': toBff } },
  test: {
    // Vitest's default is one file at a time on two cores (cores - 1): its files mostly wait on
    // servers, sandbox clocks and child processes, so both cores run files (README, Running tests).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/contracts/**/*.test.ts', 'src/server/**/*.test.ts', 'src/sandbox/**/*.test.ts', 'src/node-lib/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files share a worker's module cache: each file made its own server, sandbox and
          // databases already, and importing the app again per file was half the stage's time
          // (README, Running tests).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: ['src/web/**/*.sandbox.test.{ts,tsx}'],
          isolate: false,
        },
      },
      {
        // Web tests against a real console on the sandbox (src/server/testing/web-sandbox.ts starts it once).
        extends: true,
        test: {
          name: 'web-sandbox',
          environment: 'jsdom',
          include: ['src/web/**/*.sandbox.test.{ts,tsx}'],
          globalSetup: ['src/server/testing/web-sandbox.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
