import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Consoles started by this process, ended with it whatever happens (Ctrl-C, a thrown error). */
const running = new Set<ChildProcess>();
const endGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    // The console runs in its own process group: tsx's loader child goes with it.
    process.kill(-(child.pid as number), signal);
  } catch {
    // Already gone.
  }
};
process.once('exit', () => {
  for (const child of running) endGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) endGroup(child, 'SIGTERM');
    process.exit(130);
  });
}

/**
 * Starts the built console (dist/) on a free port with a throwaway data directory, for benchmarks
 * and e2e tests that need a console of their own.
 * Node runs the server itself (no npx wrapper) in a process group of its own; `stop` ends the
 * whole group and waits for it.
 */
export async function startConsole(env: Record<string, string> = {}, opts: { dataDir?: string; port?: number } = {}): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = opts.port ?? (await freePort());
  // A data directory given by the caller is the caller's to remove.
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'triptych-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: 'ignore',
    detached: true,
  });
  running.add(server);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      endGroup(server, 'SIGTERM');
      const timer = setTimeout(() => endGroup(server, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(server);
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (i >= 150 || server.exitCode !== null) {
      await stop();
      throw new Error(`The console did not start on ${url}.`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, pid: server.pid as number, stop };
}

/** A port free on 127.0.0.1 now (the system's choice), for a console about to listen on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `fn` against a console started for it, and stops the console afterwards whatever happens. */
export async function withConsole<T>(env: Record<string, string>, fn: (url: string) => Promise<T>): Promise<T> {
  const server = await startConsole(env);
  try {
    return await fn(server.url);
  } finally {
    await server.stop();
  }
}
