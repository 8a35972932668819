import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['gen3d', 'connections', 'social', 'agents'];

/** What browser code may not import (shared by the SPA at large and each feature). */
const browserPaths = [
  { name: 'zod', message: 'Browser code uses zod/mini through src/contracts/zod (size budget, messages).' },
  { name: 'zod/mini', message: 'Import { z } from src/contracts/zod: it sets the messages.' },
];
const browserOnly = { group: ['**/server/**', '**/sandbox/**', '**/node-lib/**', 'node:*'], message: 'The SPA talks to the BFF over HTTP only.' };

/** Imports flow one way: contracts ← web, server, sandbox. Features never import each other. */
const layers = [
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Contracts ship to the browser: use zod/mini through ./zod.' }],
          patterns: [{ group: ['**/web/**', '**/server/**', '**/sandbox/**', '**/node-lib/**', 'node:*'], message: 'contracts import nothing but zod.' }],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**'], message: 'The sandbox stands alone: it imports contracts only.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports the SPA.' }] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: features.map((f) => `src/web/features/${f}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: browserPaths, patterns: [browserOnly] },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: browserPaths,
          patterns: [
            browserOnly,
            { group: features.filter((f) => f !== feature).map((f) => `**/features/${f}/**`), message: 'Features never import each other; compose them in a route.' },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/web/route-tree.gen.ts', 'test-results/**', 'playwright-report/**', '.bench/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
      eqeqeq: ['error', 'smart'],
    },
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
  ...layers,
);
