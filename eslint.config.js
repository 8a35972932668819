import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['gen3d', 'connections', 'social', 'agents', 'spend'];
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

/**
 * The layers, on the paths imports resolve to (a relative `../../social/x` is caught as surely as
 * an aliased one): contracts ← web, server, sandbox; node-lib serves server and sandbox; the web
 * never imports the server, the sandbox or node-lib; features never import each other and shared
 * web code (components, lib) imports no feature; the sandbox stands alone; the server imports the
 * sandbox only where it mounts it (app.ts; tests drive it as they like), and the last two rules
 * are for shipped code (a test composes what it needs).
 */
const zones = [
  { target: './src/contracts', from: ['./src/web', './src/server', './src/sandbox', './src/node-lib'], message: 'Contracts ship to the browser: they import nothing but zod and each other.' },
  { target: './src/web', from: ['./src/server', './src/sandbox', './src/node-lib'], message: 'The SPA talks to the BFF over HTTP only.' },
  ...features.map((f) => ({
    target: `./src/web/features/${f}`,
    from: './src/web/features',
    except: [`./${f}`],
    message: 'Features never import each other: compose them in a route, or move the shared piece to src/web/lib or src/web/components.',
  })),
  { target: './src/sandbox', from: ['./src/server', './src/web'], message: 'The sandbox stands alone: it imports contracts and node-lib only.' },
  { target: './src/node-lib', from: ['./src/server', './src/web', './src/sandbox'], message: 'node-lib serves the server and the sandbox; it imports neither.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the SPA.' },
];

/** Zones of code that is not a test (a test composes what it needs). */
const shippedZones = {
  'src/server': { target: './src/server', from: './src/sandbox', message: 'The server reaches the sandbox through app.ts, which mounts it, and over HTTP.' },
  'src/web': { target: ['./src/web/components', './src/web/lib'], from: './src/web/features', message: 'Shared web code never imports a feature.' },
};

/** Browser code uses zod/mini through src/contracts/zod (its size budget and its messages). */
const browserZod = {
  paths: [
    { name: 'zod', message: 'Browser code uses zod/mini through src/contracts/zod (size budget, messages).' },
    { name: 'zod/mini', message: 'Import { z } from src/contracts/zod: it sets the messages.' },
  ],
  patterns: [{ group: ['node:*'], message: 'The SPA runs in the browser.' }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/web/route-tree.gen.ts', 'test-results/**', 'playwright-report/**', '.bench/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Other files are read as TypeScript too (the cycle rule follows their imports).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.eslint.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
      eqeqeq: ['error', 'smart'],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Promises: one not awaited or handled is a mistake (`void` says it is meant); none where a callback's answer is ignored.
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [...tests, 'src/server/app.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, shippedZones['src/server']] }] },
  },
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    ignores: tests,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...zones, shippedZones['src/web']] }] },
  },
  {
    files: ['src/contracts/**/*.ts'],
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'Contracts ship to the browser: use zod/mini through ./zod.' }], patterns: [{ group: ['node:*'], message: 'Contracts ship to the browser.' }] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', browserZod] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // three.js objects are mutable by design; react-three-fiber code mutates them in effects.
    files: ['src/web/features/gen3d/components/viewer/**/*.{ts,tsx}'],
    rules: { 'react-hooks/immutability': 'off' },
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
);
