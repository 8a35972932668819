import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsHash, STAMP, upToDate } from './build-if-changed';

describe("npm start's build step", () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function tree() {
    root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
    mkdirSync(join(root, 'src', 'web'), { recursive: true });
    writeFileSync(join(root, 'src', 'web', 'main.tsx'), 'render()');
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
    mkdirSync(join(root, 'dist', '.vite'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), 'built');
    return root;
  }

  it('skips the build when dist/ was built from the same sources, touched or not', () => {
    const dir = tree();
    const hash = inputsHash(dir);
    writeFileSync(join(dir, STAMP), `${hash}\n`);
    utimesSync(join(dir, 'src', 'web', 'main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(upToDate(dir, inputsHash(dir))).toBe(true);
    // A test file is not an input of the build.
    writeFileSync(join(dir, 'src', 'web', 'main.test.tsx'), 'it()');
    expect(upToDate(dir, inputsHash(dir))).toBe(true);
  });

  it('builds when a source changed, a file was added, or dist/ is gone', () => {
    const dir = tree();
    writeFileSync(join(dir, STAMP), `${inputsHash(dir)}\n`);
    writeFileSync(join(dir, 'src', 'web', 'main.tsx'), 'render(2)');
    expect(upToDate(dir, inputsHash(dir))).toBe(false);
    writeFileSync(join(dir, STAMP), `${inputsHash(dir)}\n`);
    writeFileSync(join(dir, 'src', 'web', 'extra.ts'), 'export {}');
    expect(upToDate(dir, inputsHash(dir))).toBe(false);
    writeFileSync(join(dir, STAMP), `${inputsHash(dir)}\n`);
    rmSync(join(dir, 'dist', 'index.html'));
    expect(upToDate(dir, inputsHash(dir))).toBe(false);
  });
});
