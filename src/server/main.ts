import { serve } from '@hono/node-server';
import { resolve } from 'node:path';
import { createApp } from './app';
import { readEnv } from './env';

let env;
try {
  env = readEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

let listening: number | undefined = env.PORT === 0 ? undefined : env.PORT;
const { app, close } = createApp({
  dataDir: env.DATA_DIR,
  sandboxSpeed: env.SANDBOX_SPEED,
  sandboxControl: env.SANDBOX_CONTROL,
  envKeys: { GEN3D_API_KEY: env.GEN3D_API_KEY, SOCIAL_API_KEY: env.SOCIAL_API_KEY, AGENTNET_API_KEY: env.AGENTNET_API_KEY },
  distDir: resolve('dist'),
  // Until the port is known (PORT=0), nothing is answered: no request arrives before listening anyway.
  port: () => listening ?? -1,
  bindHost: env.HOST,
  allowedHosts: env.ALLOWED_HOSTS,
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  listening = info.port;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(`Triptych console on http://${host}:${info.port} (data in ${env.DATA_DIR}, sandbox speed ${env.SANDBOX_SPEED})`);
});

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
