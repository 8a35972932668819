import { serve } from '@hono/node-server';
import { stopOnSignals } from '../node-lib/stop-on-signals';
import { Hono } from 'hono';
import { resolve } from 'node:path';
import { z } from 'zod';
import { deliveryFetch } from '../node-lib/deliver';
import { hostPolicy, isLoopback } from '../node-lib/hosts';
import { teamSecret } from '../node-lib/shared-secrets';
import { adminHttp, ADMIN_ROOT } from './admin-http';
import { createSandbox } from './index';

/*
 * The sandbox as its own process (`npm run sandbox`; README, Team mode): the imitation of the three
 * services, served over HTTP so that every console process of a team addresses the same one by
 * SANDBOX_URL. The single-user console keeps it embedded and needs none of this.
 */

const flag = z.enum(['0', '1', '']).default('0').transform((v) => v === '1');
const Env = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8790),
  SANDBOX_HOST: z.string().trim().min(1).max(255).default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().trim().min(1).max(4096).default('sandbox-data'),
  SANDBOX_SPEED: z.coerce.number().positive('SANDBOX_SPEED must be above 0').max(1000).default(1),
  SANDBOX_CONTROL: flag,
  /** Host names it also answers (the name the consoles reach it under, e.g. `sandbox:8790` in compose). */
  SANDBOX_ALLOWED_HOSTS: z.string().max(4096).default(''),
  /** Its deliveries (webhooks to the consoles) may go to private addresses over http (compose's network). */
  ALLOW_PRIVATE_DESTINATIONS: flag,
  /** The team's secret: the controls (credits, reset) then need the token derived from it. */
  KEYS_SECRET: z.string().trim().max(200).optional(),
});

const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  console.error('Invalid environment:\n%s', parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(1);
}
const env = parsed.data;
const secret = env.KEYS_SECRET ? Buffer.from(env.KEYS_SECRET, 'base64') : null;
if (secret && secret.length !== 32) {
  console.error('KEYS_SECRET must be 32 bytes in base64 (the consoles’ own).');
  process.exit(1);
}
if (!secret && !isLoopback(env.SANDBOX_HOST)) {
  console.error(`SANDBOX_HOST=${env.SANDBOX_HOST} is not a loopback address: set KEYS_SECRET (the consoles' own), so that only they can reset the sandbox or change its credits.`);
  process.exit(1);
}

if (env.SANDBOX_CONTROL && !isLoopback(env.SANDBOX_HOST)) {
  console.error('SANDBOX_CONTROL=1 (the tests\' fault injection, without a token) is refused off loopback: leave it out, or set SANDBOX_HOST=127.0.0.1.');
  process.exit(1);
}

const sandbox = createSandbox({ dataDir: resolve(env.SANDBOX_DATA_DIR), speed: env.SANDBOX_SPEED, control: env.SANDBOX_CONTROL, deliver: deliveryFetch(() => env.ALLOW_PRIVATE_DESTINATIONS) });
let listening: number | undefined;
const hosts = hostPolicy({ port: () => listening, bind: env.SANDBOX_HOST, extra: env.SANDBOX_ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter(Boolean) });

const app = new Hono();
// Only the names it is reachable under (DNS rebinding), as the console (node-lib/hosts.ts).
app.use('*', async (c, next) => {
  if (!hosts.allows(c.req.header('host'))) return c.json({ message: `This sandbox answers only ${hosts.describe()}; add the name to SANDBOX_ALLOWED_HOSTS.` }, 421);
  await next();
});
app.get('/sandbox/health', (c) => c.json({ ok: true }));
app.route(ADMIN_ROOT, adminHttp(sandbox.admin, secret ? teamSecret(secret, 'sandbox-admin').toString('hex') : null));
app.route('/', sandbox.app);

const server = serve({ fetch: app.fetch, port: env.SANDBOX_PORT, hostname: env.SANDBOX_HOST }, (info) => {
  listening = info.port;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  console.log(`Triptych sandbox on http://${host}:${info.port} (data in ${env.SANDBOX_DATA_DIR}, speed ${env.SANDBOX_SPEED})`);
});

stopOnSignals(server, () => sandbox.close());
