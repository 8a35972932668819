import { Hono } from 'hono';
import { join } from 'node:path';
import { createSandbox } from '../sandbox';
import { Archive } from './archive/archive';
import { Keyring } from './connections/keyring';
import { createConnections } from './connections/routes';
import { ConnectionSettings } from './connections/settings';
import { Upstreams, type Fetcher } from './connections/upstream';
import { sameOriginWrites, securityHeaders } from './guard';
import { createLedgerRoutes } from './ledger-routes';
import { createProxy, fail } from './proxy/routes';
import { createSandboxAdmin } from './sandbox-admin';
import { agentnetAdapter, createIdentityRoutes } from './services/agentnet';
import { gen3dAdapter } from './services/gen3d';
import { createMediaRoutes, MediaSigner } from './services/media';
import { socialAdapter } from './services/social';
import { mountSpa } from './static';
import { Balances } from './store/balances';
import { openDb } from './store/db';
import { Ledger } from './store/ledger';
import { BalanceTracker } from './watch/balance';
import { EventHub } from './watch/hub';
import { WatchManager } from './watch/manager';
import { createEvents } from './watch/routes';

export type AppOptions = {
  dataDir: string;
  sandboxSpeed: number;
  sandboxControl: boolean;
  /** Keys from the environment (GEN3D_API_KEY, ...). */
  envKeys?: Partial<Record<string, string | undefined>>;
  /** Built SPA to serve; omitted in API tests. */
  distDir?: string;
  /** How live services are reached (tests point it at a local imitation). */
  liveFetch?: Fetcher;
  now?: () => number;
};

/** The console's one process: the BFF under /api, the embedded sandbox under /sandbox, the SPA. */
export function createApp(opts: AppOptions) {
  const now = opts.now ?? Date.now;
  const db = openDb(opts.dataDir);
  const sandbox = createSandbox({ dataDir: opts.dataDir, speed: opts.sandboxSpeed, control: opts.sandboxControl });
  const keyring = new Keyring(opts.dataDir, opts.envKeys ?? {});
  const settings = new ConnectionSettings(db, (s) => keyring.get(s) !== null);
  const upstreams = new Upstreams({ settings, keyring, sandboxFetch: (req) => Promise.resolve(sandbox.app.fetch(req)), liveFetch: opts.liveFetch, sandboxSpeed: opts.sandboxSpeed });
  const ledger = new Ledger(db);
  const balances = new Balances(db);
  const hub = new EventHub();
  const archive = new Archive(join(opts.dataDir, 'archive', 'gen3d'), ledger, upstreams);
  const balance = new BalanceTracker({ upstreams, balances, hub, now });
  const watch = new WatchManager({ ledger, upstreams, hub, archive, balance, now });

  const signer = new MediaSigner(opts.dataDir);
  const proxy = createProxy(upstreams, {
    gen3d: gen3dAdapter({ ledger, watch, balance, now }),
    social: socialAdapter({ signer, balance }),
    agentnet: agentnetAdapter({ keyring, settings, hub, now }),
  });

  const app = new Hono();
  app.use('*', securityHeaders);
  app.use('/api/*', sameOriginWrites);
  app.route('/api/connections', createConnections({ keyring, settings, upstreams, hub, now }));
  app.route('/api/events', createEvents(hub, now));
  app.route('/api/identities/agentnet', createIdentityRoutes({ keyring, settings, hub, now }));
  app.route('/api/media', createMediaRoutes(signer, upstreams));
  app.route('/api/sandbox', createSandboxAdmin({ sandbox, settings, keyring, balance, hub }));
  app.route('/api', createLedgerRoutes({ ledger, watch, balances, settings, archive }));
  app.route('/api', proxy);
  app.route('/', sandbox.app);
  app.all('/api/*', (c) => fail(c, { status: 404, code: 'not_found', message: `${c.req.method} ${c.req.path} is not part of the console's API.`, retryAfter: null }));
  app.onError((err, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, err.message);
    return fail(c, { status: 500, code: 'internal', message: 'The console server hit an unexpected error. Try again; if it persists, check the server log.', retryAfter: null });
  });
  if (opts.distDir) mountSpa(app, opts.distDir);

  watch.resume();

  return {
    app,
    sandbox,
    watch,
    hub,
    keyring,
    async close() {
      await watch.stopAll();
      await sandbox.close();
      db.close();
    },
  };
}
export type App = ReturnType<typeof createApp>;
