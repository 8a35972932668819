import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../app';

/**
 * The global setup of the `web-sandbox` test project (vite.config.ts): one console with its own
 * DATA_DIR and a fast sandbox, listening on 127.0.0.1 at a free port, for web tests that call the
 * real BFF (`*.sandbox.test.tsx`). They get its origin with `inject('bffOrigin')`
 * (src/types/vitest-provided.d.ts) and send the web's same-origin requests there.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-web-'));
  const app = await createApp({ dataDir: dir, sandboxSpeed: 40, sandboxControl: true });
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ server, port: info.port }));
  });
  project.provide('bffOrigin', `http://127.0.0.1:${port}`);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
