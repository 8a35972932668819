import type { ChildProcess } from 'node:child_process';
import type { Kit } from './kit';
import type { entryRunner } from './run';

type Run = ReturnType<typeof entryRunner>['run'];

/** A server started as its own process: its port (from the line it prints once listening), its process, and requests to it like a kit's. */
export type Started = { port: number; origin: string; child: ChildProcess; req: Kit['req']; output: () => string };

/**
 * Starts `src/server/main.ts` (a console) or `src/sandbox/main.ts` (the sandbox process) on a
 * port of its choosing (PORT=0 / SANDBOX_PORT=0) and waits for it to say where it listens.
 */
export async function startServer(run: Run, entry: 'src/server/main.ts' | 'src/sandbox/main.ts', env: Record<string, string>, timeoutMs = 30_000): Promise<Started> {
  const started = run(entry, [], { HOST: '127.0.0.1', SANDBOX_HOST: '127.0.0.1', ...env, ...(entry === 'src/sandbox/main.ts' ? { SANDBOX_PORT: '0' } : { PORT: '0' }) });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
    if (at) {
      const port = Number(at[1]);
      const origin = `http://127.0.0.1:${port}`;
      const req: Kit['req'] = (path, init = {}) => {
        const { json, ...rest } = init;
        const headers = new Headers(rest.headers);
        if (json !== undefined) headers.set('content-type', 'application/json');
        return fetch(origin + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
      };
      return { port, origin, child: started.child, req, output: started.output };
    }
    if (started.child.exitCode !== null || Date.now() > deadline) {
      const { err } = await Promise.race([started.done, Promise.resolve({ err: '(still running)' })]);
      throw new Error(`${entry} did not start: ${err}`);
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
