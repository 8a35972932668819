import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Runs one of the server's TypeScript entry points (`src/server/main.ts`, `src/server/cli.ts`) as
 * its own process, with node itself (no npx wrapper), feeding `stdin`. `stopAll` ends those still
 * running (a test's afterEach).
 */
export function entryRunner() {
  const children: ChildProcess[] = [];
  const run = (entry: string, args: string[], env: Record<string, string>, stdin = '') => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.stdin?.end(stdin);
    const done = new Promise<{ code: number | null; out: string; err: string }>((ok) => child.once('exit', (code) => ok({ code, out, err })));
    return { child, done, output: () => out };
  };
  const stopAll = async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((ok) => child.once('exit', ok));
        child.kill('SIGTERM');
        await gone;
      }
    }
  };
  return { run, stopAll };
}
