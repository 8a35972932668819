import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

const bff = `http://127.0.0.1:${process.env.PORT ?? 8787}`;

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
    }),
    react(),
    tailwindcss(),
    // Brotli and gzip beside each asset at build time; the BFF picks one by Accept-Encoding
    // (index.html is small and rewritten per request: compressed when served).
    compression({
      include: /\.(js|mjs|css|svg|json|wasm|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
  },
  // `npm run dev`: Vite serves the SPA and forwards the API to a BFF started with `npm run dev:server`.
  server: { host: '127.0.0.1', proxy: { '/api': toBff, '/sandbox': toBff } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/contracts/**/*.test.ts', 'src/server/**/*.test.ts', 'src/sandbox/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
