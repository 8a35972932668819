import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js hold on probe files written where a change could put them:
 * each probe breaks one rule and must be reported by it; each allowed shape must pass. The probes
 * live in the source tree only while this file runs.
 */
const root = join(import.meta.dirname, '..');
const tag = `lint-probe-${process.pid}`;
const probes: Record<string, string> = {
  // Features never import each other, by a relative path too (and spend is a feature).
  [`src/web/features/gen3d/${tag}-social.ts`]: `export { socialQueries } from '../social/api/queries';\n`,
  [`src/web/features/gen3d/${tag}-spend.ts`]: `export { spendQueries } from '../spend/api/queries';\n`,
  // Shared web code never imports a feature; the web never imports the server.
  [`src/web/lib/${tag}-feature.ts`]: `export { gen3dQueries } from '../features/gen3d/api/queries';\n`,
  [`src/web/lib/${tag}-server.ts`]: `export { apiError } from '../../server/http/errors';\n`,
  // The server imports the sandbox only where it mounts it.
  [`src/server/http/${tag}-sandbox.ts`]: `export { GEN3D_ROOT } from '../../sandbox';\n`,
  // No cycle.
  [`src/server/http/${tag}-cycle-a.ts`]: `import { b } from './${tag}-cycle-b';\nexport const a = (): number => b() + 1;\n`,
  [`src/server/http/${tag}-cycle-b.ts`]: `import { a } from './${tag}-cycle-a';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`,
  // Promises: none left floating, none where a callback's answer is ignored.
  [`src/server/http/${tag}-floating.ts`]: `const later = async () => 1;\nexport function go() {\n  later();\n}\n`,
  [`src/server/http/${tag}-misused.ts`]: `export function each(xs: number[]) {\n  xs.forEach(async (x) => {\n    await Promise.resolve(x);\n  });\n}\n`,
  // Allowed: a route composes features; `void` marks a promise left on purpose.
  [`src/web/routes/${tag}-route.ts`]: `export { gen3dQueries } from '../features/gen3d/api/queries';\nexport { socialQueries } from '../features/social/api/queries';\n`,
  [`src/server/http/${tag}-void.ts`]: `const later = async () => 1;\nexport function go() {\n  void later();\n}\n`,
};
const tsconfig = join(root, `.tmp/${tag}.tsconfig.json`);

let messages: Record<string, Array<{ ruleId: string | null; message: string }>> = {};

beforeAll(async () => {
  for (const [file, text] of Object.entries(probes)) writeFileSync(join(root, file), text);
  // The type-aware rules see a program of the probes alone (the whole project's takes a minute to build).
  mkdirSync(dirname(tsconfig), { recursive: true });
  writeFileSync(tsconfig, JSON.stringify({ extends: '../tsconfig.base.json', compilerOptions: { lib: ['ES2023'], types: ['node'] }, files: Object.keys(probes).map((f) => `../${f}`) }));
  const eslint = new ESLint({ cwd: root, overrideConfig: { languageOptions: { parserOptions: { project: tsconfig, tsconfigRootDir: root } } } });
  const results = await eslint.lintFiles(Object.keys(probes));
  messages = Object.fromEntries(results.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }))]));
}, 120_000);

afterAll(() => {
  for (const file of Object.keys(probes)) rmSync(join(root, file), { force: true });
  rmSync(tsconfig, { force: true });
});

const rulesOf = (suffix: string) => (messages[Object.keys(probes).find((f) => f.endsWith(suffix)) ?? ''] ?? []).map((m) => m.ruleId);

describe('the linter enforces the layers', () => {
  it('features never import each other, whatever the path looks like', () => {
    expect(rulesOf('-social.ts')).toContain('import-x/no-restricted-paths');
    expect(rulesOf('-spend.ts')).toContain('import-x/no-restricted-paths');
  });

  it('shared web code imports no feature, and the web no server code', () => {
    expect(rulesOf('-feature.ts')).toContain('import-x/no-restricted-paths');
    expect(rulesOf('-server.ts')).toContain('import-x/no-restricted-paths');
  });

  it('the server imports the sandbox only where it mounts it', () => {
    expect(rulesOf('-sandbox.ts')).toContain('import-x/no-restricted-paths');
  });

  it('no import cycle', () => {
    expect(rulesOf('-cycle-a.ts')).toContain('import-x/no-cycle');
  });

  it('no floating promise, no promise where a callback answers nothing', () => {
    expect(rulesOf('-floating.ts')).toContain('@typescript-eslint/no-floating-promises');
    expect(rulesOf('-misused.ts')).toContain('@typescript-eslint/no-misused-promises');
  });

  it('passes what is allowed: a route composing features, a promise left with void', () => {
    expect(rulesOf('-route.ts')).toEqual([]);
    expect(rulesOf('-void.ts')).toEqual([]);
  });
});
