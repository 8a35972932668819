import { Hono } from 'hono';
import { join } from 'node:path';
import { createSandbox } from '../sandbox';
import { Archive, DEFAULT_ARCHIVE, type ArchiveOptions } from './archive/archive';
import { Keyring } from './connections/keyring';
import { createConnections } from './connections/routes';
import { ConnectionSettings } from './connections/settings';
import { Upstreams, type Fetcher, type OutboundOptions } from './connections/upstream';
import { readOutboundEnv } from './env';
import { sameOriginWrites, securityHeaders } from './guard';
import { createLedgerRoutes } from './ledger-routes';
import { fail } from './http/errors';
import { createProxy } from './proxy/routes';
import { backfillSpends } from './spend/backfill';
import { SpendLedger } from './spend/ledger';
import { Reconciler } from './spend/reconcile';
import { createSpendRoutes } from './spend/routes';
import { agentnetAdapter, createIdentityRoutes } from './services/agentnet';
import { gen3dAdapter } from './services/gen3d';
import { createMediaRoutes, MediaSigner } from './services/media';
import { socialAdapter } from './services/social';
import { mountSpa } from './static';
import { Balances } from './store/balances';
import { openDb } from './store/db';
import { Ledger } from './store/ledger';
import { LedgerPages } from './store/ledger-pages';
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
  /** Outbound rules and limits; default: ALLOW_LOOPBACK_LIVE and ALLOW_PRIVATE_DESTINATIONS from the environment. */
  outbound?: Partial<OutboundOptions>;
  /** File archive settings; default: ARCHIVE_MAX_FILE_MB and ARCHIVE_RETENTION_DAYS from the environment. */
  archive?: Partial<ArchiveOptions>;
  /** How long a spending write without an answer may stay unlisted by the service before it counts as never made (default 20 s). */
  spendGraceMs?: number;
};

/** The console's one process: the BFF under /api, the embedded sandbox under /sandbox, the SPA. */
export function createApp(opts: AppOptions) {
  const now = opts.now ?? Date.now;
  const db = openDb(opts.dataDir);
  const sandbox = createSandbox({ dataDir: opts.dataDir, speed: opts.sandboxSpeed, control: opts.sandboxControl });
  const keyring = new Keyring(opts.dataDir, opts.envKeys ?? {});
  const settings = new ConnectionSettings(db, (s) => keyring.get(s) !== null);
  keyring.bindUnbound((s) => settings.get(s).baseUrl);
  const env = readOutboundEnv();
  const outbound: OutboundOptions = { allowLoopbackLive: env.ALLOW_LOOPBACK_LIVE, allowPrivate: env.ALLOW_PRIVATE_DESTINATIONS, ...opts.outbound };
  const upstreams = new Upstreams({ settings, keyring, sandboxFetch: (req) => Promise.resolve(sandbox.app.fetch(req)), liveFetch: opts.liveFetch, sandboxSpeed: opts.sandboxSpeed, outbound });
  const ledger = new Ledger(db);
  const balances = new Balances(db);
  const hub = new EventHub();
  const archiveOptions: ArchiveOptions = { ...DEFAULT_ARCHIVE, maxFileBytes: env.ARCHIVE_MAX_FILE_MB * 1024 * 1024, retentionDays: env.ARCHIVE_RETENTION_DAYS, ...opts.archive };
  const archive = new Archive(join(opts.dataDir, 'archive', 'gen3d'), ledger, upstreams, archiveOptions, now, (id) => watch.publish(id));
  const balance = new BalanceTracker({ upstreams, balances, hub, now });
  const pages = new LedgerPages(db);
  const spends = new SpendLedger(db);
  backfillSpends(db);
  const watch = new WatchManager({ ledger, upstreams, hub, archive, balance, now, settle: (id, credits) => spends.settle('gen3d', id, credits, now()) });
  const reconciler = new Reconciler({ spends, ledger, upstreams, watch, now, graceMs: opts.spendGraceMs ?? 20_000 });

  const signer = new MediaSigner(opts.dataDir);
  const proxy = createProxy(
    upstreams,
    {
      gen3d: gen3dAdapter({ ledger, watch, balance, now }),
      social: socialAdapter({ signer, balance }),
      agentnet: agentnetAdapter({ keyring, settings, hub, now }),
    },
    { spends, now, unanswered: () => reconciler.schedule(1_000 / opts.sandboxSpeed) },
  );

  const app = new Hono();
  app.use('*', securityHeaders);
  app.use('/api/*', sameOriginWrites);
  app.route('/api/connections', createConnections({ keyring, settings, upstreams, hub, now }));
  app.route('/api/events', createEvents(hub, now));
  app.route('/api/identities/agentnet', createIdentityRoutes({ keyring, settings, hub, now }));
  app.route('/api/media', createMediaRoutes(signer, upstreams, settings));
  app.route('/api/spend', createSpendRoutes({ spends, settings, hub, now }));
  app.route('/api', createLedgerRoutes({ pages, ledger, watch, balances, settings, archive }));
  app.route('/api', proxy);
  app.route('/', sandbox.app);
  app.all('/api/*', (c) => fail(c, { status: 404, code: 'not_found', message: `${c.req.method} ${c.req.path} is not part of the console's API.`, retryAfter: null }));
  app.onError((err, c) => {
    // A path or header that cannot be read (bad percent-encoding, a malformed URL in a header) is the request's fault.
    if (err instanceof URIError || (err as { code?: unknown }).code === 'ERR_INVALID_URL') {
      return fail(c, { status: 400, code: 'malformed_request', message: 'The request could not be read: its path or a header is malformed.', retryAfter: null });
    }
    // Input never reaches the format string.
    console.error('%s %s failed: %s', c.req.method, c.req.path, err.message);
    return fail(c, { status: 500, code: 'internal', message: 'The console server hit an unexpected error. Try again; if it persists, check the server log.', retryAfter: null });
  });
  if (opts.distDir) mountSpa(app, opts.distDir);

  ledger.settleLegacyAssets();
  watch.resume();
  archive.start(Math.max(50, 5_000 / opts.sandboxSpeed));
  // Writes left without an answer by the last run: find them in the services' own lists.
  if (spends.sending().length > 0) reconciler.schedule(0);

  return {
    app,
    sandbox,
    watch,
    hub,
    keyring,
    archive,
    ledger,
    pages,
    spends,
    reconciler,
    balance,
    upstreams,
    async close() {
      await reconciler.stop();
      await archive.stop();
      await watch.stopAll();
      await upstreams.background.close();
      await sandbox.close();
      db.close();
    },
  };
}
export type App = ReturnType<typeof createApp>;
