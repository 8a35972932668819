import { serve } from '@hono/node-server';
import { stopOnSignals } from '../node-lib/stop-on-signals';
import { resolve } from 'node:path';
import { createApp, type App } from './app';
import { readEnv, type Env } from './env';
import { isLoopback } from '../node-lib/hosts';

let env: Env;
try {
  env = readEnv();
} catch (err) {
  console.error('%s', (err as Error).message);
  process.exit(1);
}

let listening: number | undefined = env.PORT === 0 ? undefined : env.PORT;
let started: App;
try {
  started = await createApp({
    dataDir: env.DATA_DIR,
    sandboxSpeed: env.SANDBOX_SPEED,
    sandboxControl: env.SANDBOX_CONTROL,
    sandboxUrl: env.SANDBOX_URL,
    envKeys: { GEN3D_API_KEY: env.GEN3D_API_KEY, SOCIAL_API_KEY: env.SOCIAL_API_KEY, AGENTNET_API_KEY: env.AGENTNET_API_KEY },
    keysSecret: env.KEYS_SECRET,
    databaseUrl: env.DATABASE_URL,
    distDir: resolve('dist'),
    // Until the port is known (PORT=0), nothing is answered: no request arrives before listening anyway.
    port: () => listening ?? -1,
    bindHost: env.HOST,
    allowedHosts: env.ALLOWED_HOSTS,
    trustProxy: env.TRUST_PROXY,
    signIn: env.signIn ? { sessionHours: env.SESSION_HOURS, trustProxy: env.TRUST_PROXY, oidc: env.oidc } : undefined,
  });
} catch (err) {
  console.error('%s', (err as Error).message);
  process.exit(1);
}
const { app, close, operators } = started;

if (operators) {
  const why = env.DATABASE_URL ? 'team mode (DATABASE_URL) always asks for it' : isLoopback(env.HOST) ? 'REQUIRE_SIGN_IN=1 asks for it' : `HOST=${env.HOST} is not a loopback address`;
  const count = await operators.count();
  if (count === 0) {
    console.error(
      `Sign-in is required (${why}) and no operator account exists yet, so the console does not start.\n` +
        `Create the first one on this machine (it asks for the password), then start again:\n` +
        (env.DATABASE_URL
          ? `  npx tsx src/server/cli.ts create-operator --email you@example.com   (with this console's DATABASE_URL and KEYS_SECRET set)`
          : `  DATA_DIR=${env.DATA_DIR} npx tsx src/server/cli.ts create-operator --email you@example.com`),
    );
    await close();
    process.exit(1);
  }
}

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  listening = info.port;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(`Triptych console on http://${host}:${info.port} (data in ${env.DATA_DIR}, ${env.SANDBOX_URL ? `sandbox at ${env.SANDBOX_URL}` : 'sandbox embedded'}, speed ${env.SANDBOX_SPEED})`);
  if (operators) console.log(`Operator sign-in is on; sessions last ${env.SESSION_HOURS} h.`);
  if (!isLoopback(env.HOST) && env.ALLOWED_HOSTS.length === 0) {
    console.log(`It answers only the names 127.0.0.1, localhost and [::1]${env.HOST === '0.0.0.0' || env.HOST === '::' ? '' : ` and ${env.HOST}`}: set ALLOWED_HOSTS to the names you reach it under.`);
  }
});

stopOnSignals(server, close);
