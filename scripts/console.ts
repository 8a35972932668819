import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts the built console (dist/) on a free port with a throwaway data directory, for benchmarks. */
export async function startConsole(env: Record<string, string> = {}): Promise<{ url: string; stop: () => void }> {
  const port = 29_000 + Math.floor(Math.random() * 1000);
  const dataDir = mkdtempSync(join(tmpdir(), 'triptych-bench-'));
  const server = spawn('npx', ['tsx', 'src/server/main.ts'], { env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`${url}/api/connections`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () => {
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` against a console started for it, and stops the console afterwards whatever happens. */
export async function withConsole<T>(env: Record<string, string>, fn: (url: string) => Promise<T>): Promise<T> {
  const server = await startConsole(env);
  try {
    return await fn(server.url);
  } finally {
    server.stop();
  }
}
