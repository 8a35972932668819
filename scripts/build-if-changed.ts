/**
 * `npm start`'s build step: `vite build` only when what the build reads changed since the last
 * build wrote dist/. The build's inputs (the sources, the public files, the configs and the
 * installed packages' lock) are hashed by content; the last build's hash is kept beside its
 * manifest (dist/.vite/inputs.sha256). Same hash: the build is skipped and says so.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `vite build` reads: folders walked whole, and single files. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'scripts',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Where the last build's hash is kept: dist/.vite is the build's own (its manifest); a new build empties it. */
export const STAMP = join('dist', '.vite', 'inputs.sha256');

/** One hash of every input file's path and bytes under `root`, in a stable order; tests do not count. */
export function inputsHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const input of inputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) walk(path);
    else files.push(path);
  }
  const hash = createHash('sha256');
  for (const file of files.map((f) => relative(root, f)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ was built from exactly these inputs. */
export function upToDate(root: string, hash: string): boolean {
  const stamp = join(root, STAMP);
  return existsSync(join(root, 'dist', 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

function main() {
  const root = process.cwd();
  const hash = inputsHash(root);
  if (upToDate(root, hash)) {
    console.log('dist/ was built from these sources: the build is skipped (delete dist/ or run `npm run build` to build anyway).');
    return;
  }
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(join(root, STAMP), `${hash}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
