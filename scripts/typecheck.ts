/**
 * `npm run typecheck`: the browser's code (tsconfig.json: the DOM, no Node globals), the server's
 * (tsconfig.node.json: Node, no DOM) and the tools' (tsconfig.tools.json: e2e specs, scripts,
 * configs), each with its own compiler, side by side. Exits non-zero when any fails.
 *
 * The compiler is TypeScript's native port (`tsgo`, @typescript/native-preview, pinned): the same
 * checker as `tsc` with the same options, several times faster (README, "Running tests", has the
 * figures). The `typescript` package stays for the tools built on its API (typescript-eslint).
 */
import { spawn } from 'node:child_process';

const configs = ['tsconfig.json', 'tsconfig.node.json', 'tsconfig.tools.json'];

const runs = configs.map(
  (config) =>
    new Promise<{ config: string; code: number; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['node_modules/@typescript/native-preview/bin/tsgo', '--noEmit', '-p', config], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('close', (code) => resolve({ config, code: code ?? 1, out }));
    }),
);

let failed = false;
for (const r of await Promise.all(runs)) {
  if (r.out.trim()) process.stdout.write(r.out);
  console.log(`${r.config}: ${r.code === 0 ? 'no errors' : 'errors'}`);
  failed ||= r.code !== 0;
}
process.exit(failed ? 1 : 0);
