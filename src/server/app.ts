import { Hono } from 'hono';
import { join } from 'node:path';
import { createSandbox } from '../sandbox';
import { answerExample, isExampleHost } from '../sandbox/agentnet';
import { deliveryFetch } from '../node-lib/deliver';
import { openOperators } from './auth/operators';
import { createSignIn } from './auth/sign-in';
import { discoverOidc, type OidcSettings } from './auth/oidc';
import { Keyring } from './connections/keyring';
import { createConnections } from './connections/handlers';
import { ConnectionSettings } from './connections/settings';
import { allowedHostsOnly, sameOriginWrites, sandboxedFiles, securityHeaders, wellFormedPaths } from './gates';
import { healthCheck } from './health';
import { hostPolicy } from '../node-lib/hosts';
import { createLedgerRoutes } from './ledger-routes';
import { fail, staleCursor } from './http/errors';
import { AuditLog } from './audit/audit-log';
import { bridgeEvents } from './events/pg-bridge';
import { teamSecret } from '../node-lib/shared-secrets';
import { remoteSandboxControls, sandboxPage } from './sandbox-remote';
import * as auditRoutes from '../contracts/bff-routes/audit';
import { roleGate } from './http/roles';
import { asRole } from '../contracts/roles';
import { createProxy } from './proxy/handlers';
import { createAgentnetBff } from './agentnet';
import { TaskPayments } from './agentnet/task-payments';
import { Archive, DEFAULT_ARCHIVE, type ArchiveOptions } from './archive/archive';
import { embeddedSandbox, sandboxAt, Upstreams, type Fetcher, type OutboundOptions } from './connections/upstream';
import { readOutboundEnv } from './env';
import { backfillSpends } from './spend/backfill';
import { SpendLog } from './spend/spend-log';
import { SpendLifecycle } from './spend/lifecycle';
import { Reconciler } from './spend/reconcile';
import { createSpendRoutes } from './spend/handlers';
import { createSandboxAdmin } from './sandbox-admin';
import { agentnetAdapter, identityHandlers } from './services/agentnet';
import { gen3dAdapter } from './services/gen3d';
import { createMediaRoutes, MediaSigner } from './services/media';
import { socialAdapter } from './services/social';
import { createSocialConsole } from './social';
import * as agentnetRoutes from '../contracts/bff-routes/agentnet';
import * as shellRoutes from '../contracts/bff-routes/shell';
import { escapeAttr, pagePreload } from './page-preload';
import { mountSpa } from './static';
import { Balances } from './store/balances';
import { ConsoleSettings } from './store/console-settings';
import { tightenDataDir } from './store/data-dir';
import { openDb } from './store/db';
import { ProcessLease } from './store/process-lease';
import { TaskFiles } from './store/task-files';
import { TaskPages } from './store/task-pages';
import { TaskStore } from './store/tasks';
import { BalanceTracker } from './watch/balance';
import { EventHub, type TaskEvents } from './events/hub';
import { WatchManager } from './watch/manager';
import { localRounds, postgresRounds } from './jobs/rounds';
import { localLeases, postgresLeases } from './watch/leases';
import { liveEvents } from './watch/handlers';
import { serveTable } from './http/bff-route';
import { inProcessTransport } from '../node-lib/in-process';
import { DEFAULT_LIMITS } from '../node-lib/guarded-fetch';

export type AppOptions = {
  dataDir: string;
  sandboxSpeed: number;
  sandboxControl: boolean;
  /** SANDBOX_URL: a sandbox process (`npm run sandbox`) every console of a team shares, instead of the embedded one. */
  sandboxUrl?: string;
  /** Keys from the environment (GEN3D_API_KEY, ...). */
  envKeys?: Partial<Record<string, string | undefined>>;
  /** KEYS_SECRET's 32 bytes: saved keys are sealed with it (connections/key-cipher.ts); null or absent: kept plain. */
  keysSecret?: Buffer | null;
  /** Team mode: the console's databases on this PostgreSQL (a `postgres://` URL) instead of DATA_DIR's SQLite files. */
  databaseUrl?: string;
  /** Built SPA to serve; omitted in API tests. */
  distDir?: string;
  /** How live services are reached (tests point it at a local imitation). */
  liveFetch?: Fetcher;
  now?: () => number;
  /** The port the console listens on (a function when it is known only once listening); unset in API tests: any port. */
  port?: number | (() => number | undefined);
  /** The address it binds (HOST): a specific address is also an allowed Host name. */
  bindHost?: string;
  /** More Host names it answers to (ALLOWED_HOSTS), beyond 127.0.0.1, localhost and [::1]. */
  allowedHosts?: readonly string[];
  /** TRUST_PROXY: a reverse proxy in front sets X-Forwarded-Proto and -For (default: the sign-in's setting, else off). */
  trustProxy?: boolean;
  /** Operator sign-in (required off loopback, or with REQUIRE_SIGN_IN=1); unset: no sign-in. `oidc`: OpenID Connect sign-in beside the password (auth/oidc.ts). */
  signIn?: { sessionHours: number; trustProxy: boolean; oidc?: OidcSettings | null };
  /** Outbound rules and limits; default: ALLOW_LOOPBACK_LIVE and ALLOW_PRIVATE_DESTINATIONS from the environment. */
  outbound?: Partial<OutboundOptions>;
  /** File archive settings; default: ARCHIVE_MAX_FILE_MB and ARCHIVE_RETENTION_DAYS from the environment. */
  archive?: Partial<ArchiveOptions>;
  /** How long a spending write without an answer may stay unlisted by the service before it counts as never made (default 20 s). */
  spendGraceMs?: number;
};

/** The console's one process: the BFF under /api, the embedded sandbox under /sandbox, the SPA. */
export async function createApp(opts: AppOptions) {
  const now = opts.now ?? Date.now;
  // Whether a reverse proxy in front says the scheme and the client's address (TRUST_PROXY).
  const trustProxy = opts.trustProxy ?? opts.signIn?.trustProxy ?? false;
  tightenDataDir(opts.dataDir);
  const db = await openDb(opts.dataDir, opts.databaseUrl);
  const env = readOutboundEnv();
  const outbound: OutboundOptions = { allowLoopbackLive: env.ALLOW_LOOPBACK_LIVE, allowPrivate: env.ALLOW_PRIVATE_DESTINATIONS, ...opts.outbound };
  // The sandbox's own deliveries leave through the guarded fetcher as class (c) destinations.
  // With SANDBOX_URL, none is embedded: every process of the team addresses that one.
  const sandbox = opts.sandboxUrl ? null : createSandbox({ dataDir: opts.dataDir, speed: opts.sandboxSpeed, control: opts.sandboxControl, deliver: deliveryFetch(() => outbound.allowPrivate) });
  const sandboxPlace = sandbox ? embeddedSandbox(inProcessTransport(sandbox.app)) : sandboxAt(opts.sandboxUrl as string);
  const keyring = await Keyring.open(db, opts.envKeys ?? {}, { dataDir: opts.dataDir, secret: opts.keysSecret ?? null });
  const settings = await ConnectionSettings.open(db, (s) => keyring.get(s) !== null);
  await keyring.bindUnbound((s) => settings.get(s).baseUrl);
  const upstreams = new Upstreams({ settings, keyring, sandbox: sandboxPlace, liveFetch: opts.liveFetch, sandboxSpeed: opts.sandboxSpeed, outbound });
  const files = new TaskFiles(db);
  const tasks = new TaskStore(db, files);
  const balances = new Balances(db);
  const hub = new EventHub();
  // The sandbox's deliveries to agents the console acts as (sent from here or from outside): their
  // inboxes refresh at once in every tab.
  const stopArrivals = sandbox?.agentnet.onArrival((ids) => {
    if (settings.get('agentnet').mode !== 'sandbox') return;
    const mine = new Set(keyring.agents('sandbox', 'sandbox').map((a) => a.agentId));
    const agentIds = ids.filter((id) => mine.has(id)).slice(0, 500);
    if (agentIds.length > 0) hub.publish({ type: 'agentnet-message', agentIds });
  });
  const archiveOptions: ArchiveOptions = { ...DEFAULT_ARCHIVE, maxFileBytes: env.ARCHIVE_MAX_FILE_MB * 1024 * 1024, retentionDays: env.ARCHIVE_RETENTION_DAYS, ...opts.archive };
  // The watcher and the archive talk through these: a finished task is copied, a change of its files is published.
  const taskEvents: TaskEvents = new EventHub();
  const archive = new Archive(join(opts.dataDir, 'archive', 'gen3d'), { tasks, files, settings: new ConsoleSettings(db) }, upstreams, archiveOptions, now, taskEvents);
  await archive.load();
  const balance = new BalanceTracker({ upstreams, balances, hub, now });
  const pages = new TaskPages(db);
  // This process, by a lease its writes in flight name: nobody else looks them up while it waits.
  const lease = new ProcessLease(db);
  await lease.start();
  const spends = new SpendLog(db, lease.id);
  await backfillSpends(db);
  // Team mode: the secrets every process shares come from KEYS_SECRET, not from each one's DATA_DIR.
  const shared = opts.databaseUrl && opts.keysSecret ? opts.keysSecret : null;
  const signer = new MediaSigner(opts.dataDir, now, shared ? teamSecret(shared, 'media') : undefined);
  // Team mode: a task is watched by the one process holding its lease (watch/leases.ts).
  const leases = opts.databaseUrl ? await postgresLeases(opts.databaseUrl) : localLeases();
  const watch = new WatchManager({ tasks, files, upstreams, hub, events: taskEvents, balance, now, settle: (id, credits) => spends.settle('gen3d', id, credits, now()), leases });
  // Team mode: every process's events reach every tab of every process (events/pg-bridge.ts).
  // A change of connections, keys or agents' keys made on another process is read again here first.
  const stopBridge = opts.databaseUrl
    ? await bridgeEvents(hub, opts.databaseUrl, {
        taskById: (id) => watch.taskEvent(id),
        fromOthers: async (event) => {
          if (event.type === 'connections' || event.type === 'identities') await Promise.all([settings.reload(), keyring.reload()]);
        },
      })
    : null;
  const taskPayments = new TaskPayments(db, spends);
  const writeLimitMs = outbound.limits?.write?.totalMs ?? DEFAULT_LIMITS.write.totalMs ?? 120_000;
  // Background rounds: timers here; in team mode, pg-boss's queues, so one process runs each at a time.
  const rounds = opts.databaseUrl ? await postgresRounds(opts.databaseUrl) : localRounds();
  const reconciler = new Reconciler({ spends, tasks, upstreams, watch, keyring, now, graceMs: opts.spendGraceMs ?? 20_000, lease, writeLimitMs, recovered: (row, ref) => taskPayments.recovered(row, ref), exclusive: (round) => rounds.exclusive('reconcile', round) });
  const spend = new SpendLifecycle({ spends, now, lookUp: () => reconciler.schedule(1_000 / opts.sandboxSpeed) });

  const socialConsole = await createSocialConsole({ rounds, db, dataDir: opts.dataDir, upstreams, hub, now, spends, spend, trustProxy });

  const proxy = createProxy(
    upstreams,
    {
      gen3d: gen3dAdapter({ tasks, watch, balance, now, signer }),
      social: socialAdapter({ signer, balance, console: socialConsole }),
      agentnet: agentnetAdapter({ keyring, settings, hub, now, dataDir: opts.dataDir, taskPayments, sandboxOrigin: upstreams.sandboxOrigin }),
    },
    { spends, spend, now },
  );

  // OpenID sign-in: its provider's discovery is read once, at start (it stays off, said in the log, if that fails).
  const oidcSettings = opts.signIn?.oidc ?? null;
  const oidc = oidcSettings ? await discoverOidc(oidcSettings, { allowPrivate: outbound.allowPrivate }) : null;
  const operators = opts.signIn
    ? openOperators({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, secret: shared ? teamSecret(shared, 'sign-in').toString('hex') : undefined, sessionHours: opts.signIn.sessionHours, oidc, publicUrl: oidcSettings?.publicUrl })
    : null;
  const sso = oidc && oidcSettings ? { name: oidc.name, publicUrl: oidcSettings.publicUrl } : null;
  const signIn = operators && opts.signIn ? createSignIn({ operators, trustProxy: opts.signIn.trustProxy, distDir: opts.distDir, now, sso }) : null;

  const port = opts.port;
  const hosts = hostPolicy({ port: typeof port === 'function' ? port : () => port, bind: opts.bindHost, extra: opts.allowedHosts });

  const app = new Hono();
  // Every path, the API, the sandbox and the SPA alike, passes the same gates.
  app.use('*', securityHeaders);
  app.use('*', allowedHostsOnly(hosts));
  app.use('*', wellFormedPaths);
  app.use('*', sameOriginWrites({ trustProxy }));
  app.use('/api/files/*', sandboxedFiles);
  app.use('/api/media/*', sandboxedFiles);
  if (signIn) {
    // Sign-in pages, then the gate: past it, every path needs a session but health and webhooks.
    app.route('/', signIn.pages);
    app.use('*', signIn.gate);
    app.route('/', signIn.account);
  }
  // Every write past the gate is recorded, refused ones included (audit/audit-log.ts); then what
  // the operator's role allows (contracts/roles.ts): writes need an operator.
  const audit = new AuditLog(db, now);
  app.use('*', audit.middleware);
  app.use('*', roleGate);
  app.route('/', serveTable(auditRoutes, { list: async ({ query }, c) => (await audit.list(query)) ?? staleCursor(c) }));
  // The BFF's own routes, each area from its table (contracts/bff-routes), before the services' operations.
  const connections = createConnections({ keyring, settings, upstreams, hub, now });
  const identities = identityHandlers({ keyring, settings, hub, now });
  app.route('/', serveTable(shellRoutes, { connections: connections.list, identities: identities.list, events: liveEvents(hub, now), health: healthCheck(() => (operators ? [db, operators.db] : [db]), sandbox ? 'mounted' : 'remote') }));
  app.route('/', connections.routes);
  app.route('/', createMediaRoutes(signer, upstreams, settings));
  const sandboxControls = sandbox ? sandbox.admin : remoteSandboxControls(sandboxPlace, opts.keysSecret ? teamSecret(opts.keysSecret, 'sandbox-admin').toString('hex') : null);
  app.route('/', createSandboxAdmin({ sandbox: sandboxControls, settings, keyring, balance, hub }));
  app.route('/', createSpendRoutes({ spends, settings, hub, now }));
  const agentnet = await createAgentnetBff({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, settings, upstreams, hub, now, exampleHosts: { owns: isExampleHost, deliver: answerExample }, allowPrivate: outbound.allowPrivate, trustProxy, taskPayments });
  app.route('/', serveTable(agentnetRoutes, { ...agentnet.handlers, forgetIdentity: identities.forget }));
  app.route('/', socialConsole.routes);
  app.route('/', createLedgerRoutes({ pages, tasks, files, watch, balances, settings, archive, upstreams, now }));
  app.route('/api', proxy);
  if (sandbox) app.route('/', sandbox.app);
  // A sandbox process: the pages it shows people (an agent's claim page) are read through here, as
  // the embedded sandbox's are served; its controls are not (sandbox-remote.ts calls them with the token).
  else app.get('/sandbox/*', (c) => (c.req.path.startsWith('/sandbox/__') ? c.notFound() : sandboxPage(sandboxPlace, c.req.raw)));
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
  // The signed-in operator is named in the page; a page the server can tell ahead names what it will load (page-preload.ts).
  if (opts.distDir) {
    const preload = pagePreload(app, opts.distDir);
    mountSpa(app, opts.distDir, async (html, c) => {
      const operator = c.get('operator');
      const { first, last } = await preload(c);
      // With their role (the operator meta is what the shell shows; the role meta, what the pages turn off: lib/role.ts).
      const named = operator ? `<meta name="triptych-operator" content="${escapeAttr(`${operator.email} (${asRole(operator.role)})`)}">\n<meta name="triptych-role" content="${asRole(operator.role)}">` : '';
      const head = [named, last].filter(Boolean);
      let page = head.length > 0 ? html.replace('</head>', `${head.join('\n')}\n</head>`) : html;
      // Right after the charset (which must come first), before the app's scripts.
      if (first) page = page.replace(/<meta charset="[^"]*"\s*\/?>/i, (meta) => `${meta}\n${first}`);
      return page;
    });
  }

  await files.settleLegacy();
  await watch.resume(opts.sandboxSpeed);
  // Copies a crashed process left unfinished are found again by the next round (at most 15 minutes' hold).
  await rounds.every('archive', Math.max(50, 5_000 / opts.sandboxSpeed), () => archive.tick(), { now: true });
  // Writes left without an answer by the last run: find them in the services' own lists.
  if ((await spends.sending()).length > 0) reconciler.schedule(0);

  return {
    app,
    /** The BFF's database (store/db.ts), for tests and benchmarks that fill it directly. */
    db,
    sandbox,
    watch,
    hub,
    keyring,
    /** Operator accounts, when sign-in is on (await `operators.ready` before counting them). */
    operators,
    socialConsole,
    archive,
    tasks,
    files,
    pages,
    spends,
    reconciler,
    balance,
    upstreams,
    async close() {
      stopArrivals?.();
      await rounds.stop();
      await reconciler.stop();
      await archive.stop();
      await watch.stopAll();
      await leases.close();
      await upstreams.background.close();
      await sandbox?.close();
      await operators?.close();
      await agentnet.close();
      await lease.stop();
      await stopBridge?.();
      await db.close();
    },
  };
}
export type App = Awaited<ReturnType<typeof createApp>>;

