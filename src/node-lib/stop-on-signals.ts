import type { ServerType } from '@hono/node-server';

/**
 * Ends a server process on SIGINT or SIGTERM, once: stops listening, drops its open connections
 * (event streams would hold it open), runs `close` (databases, timers), then exits 0. The console
 * (src/server/main.ts) and the sandbox process (src/sandbox/main.ts) both end this way.
 */
export function stopOnSignals(server: ServerType, close: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
