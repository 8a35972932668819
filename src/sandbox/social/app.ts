import { Hono } from 'hono';
import { socialOps } from '../../contracts/social';
import type { SandboxClock } from '../shared/clock';
import { wipeService, type Db } from '../shared/db';
import { loopbackDeliver, type Deliver } from '../../node-lib/deliver';
import type { FaultBox } from '../shared/faults';
import { registerOperations } from '../shared/register';
import { DEFAULT_SEED } from './engine/corpus';
import { Draws } from './engine/draws';
import { Extractions } from './engine/extract/extractions';
import { DeliveryWorker } from './engine/hooks/deliveries';
import { MonitorEngine } from './engine/hooks/monitors';
import { Writes } from './engine/writes';
import { authAndLimits, errorBody, socialDialect, type Env } from './http';
import { SOCIAL_ROOT } from './paths';
import { accountHandlers } from './routes/account';
import { extractionHandlers } from './routes/extractions';
import { groupHandlers } from './routes/groups';
import { mediaRoutes } from './routes/media';
import { monitorHandlers } from './routes/monitors';
import { openApiDocument } from './routes/openapi';
import { originOf } from './routes/shared';
import { tweetHandlers } from './routes/tweets';
import { userHandlers } from './routes/users';
import { writeHandlers } from './routes/writes';
import { CreditStore } from './store/credits';
import { JobStore } from './store/jobs';
import { MonitorStore } from './store/monitors';
import type { SocialServices } from './store/services';
import { lazyData } from './store/state';
import { WebhookStore } from './store/webhooks';

export type SocialSandboxDeps = {
  clock: SandboxClock;
  faults: FaultBox;
  /** The sandbox database (with `socialMigrations` applied). */
  db: Db;
  seed?: number;
  speed?: number;
  /** How webhook deliveries leave (default: loopback only, time and size limits). */
  deliver?: Deliver;
};

/** A minute of sandbox time per slot of live activity (shorter at SANDBOX_SPEED). */
export const LIVE_SLOT_MS = 60_000;
/** How often the sandbox moves jobs on, turns activity into events and sends deliveries (wall time). */
const TICK_MS = 100;

/** When live activity began: the first start of this sandbox's database, kept across restarts. */
function liveSince(db: Db, now: number): number {
  db.prepare(`INSERT OR IGNORE INTO sandbox_meta (key, value) VALUES ('social_live_since', ?)`).run(String(now));
  return Number((db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'social_live_since'`).get() as { value: string }).value);
}

/**
 * The social data service's imitation: the route table's operations over a generated corpus (built
 * on first use) and the universe around it, `x-api-key` auth, the document's rate limits,
 * live-service notes (docs/live-services.md#social-data) shapes and errors; extraction jobs, draws, monitors, events and signed webhook
 * deliveries as stored state.
 */
export function createSocialSandbox({ clock, faults, db, seed = DEFAULT_SEED, speed = 1, deliver = loopbackDeliver() }: SocialSandboxDeps) {
  const now = () => clock.now();
  const data = lazyData(seed, { now, since: liveSince(db, now()), slotMs: LIVE_SLOT_MS / speed });
  const credits = new CreditStore(db, now);
  const monitors = new MonitorStore(db);
  const webhooks = new WebhookStore(db);
  const worker = new DeliveryWorker({ webhooks, deliver, now, speed });
  const s: SocialServices = {
    data,
    now,
    speed,
    credits,
    monitors,
    webhooks,
    worker,
    deliver,
    extractions: new Extractions({ data, jobs: new JobStore(db), credits, now, speed, faults }),
    draws: new Draws({ db, data, credits, now }),
    monitorEngine: new MonitorEngine({ data, monitors, webhooks, worker, credits, now }),
    writes: new Writes({ db, data, now }),
  };
  for (const m of monitors.active()) if (m.kind === 'keyword') data().live.registerQuery(m.subject);

  const app = new Hono<Env>();
  app.use('*', faults.middleware(SOCIAL_ROOT, (status) => errorBody(status)));
  mediaRoutes(app, data);
  app.use('/api/*', authAndLimits(clock, speed));

  registerOperations(
    app,
    socialOps,
    {
      openapi: (c) => c.json(openApiDocument(originOf(c))),
      ...accountHandlers(s),
      ...tweetHandlers(data),
      ...userHandlers(data),
      ...groupHandlers(s),
      ...extractionHandlers(s),
      ...monitorHandlers(s),
      ...writeHandlers(s),
    },
    socialDialect,
  );
  app.all('*', (c) => socialDialect.notFound(c));

  // Jobs, monitors and deliveries move on even when nobody is asking.
  let busy = false;
  let stopped = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      s.extractions.advance();
      if (monitors.active().length) s.monitorEngine.poll();
      await worker.tick();
    } catch (err) {
      // A round cut short by the sandbox closing is not a failure.
      if (!stopped) console.error('social sandbox tick failed:', (err as Error).message);
    } finally {
      busy = false;
    }
  };
  const ticker = setInterval(() => void tick(), TICK_MS);
  ticker.unref();

  return {
    app: app as unknown as Hono,
    services: s,
    /** Runs one round now (tests). */
    tick,
    /** Sandbox controls: jobs, monitors, webhooks, writes and credits as new (the corpus stays: it is generated). */
    reset: () => wipeService(db, 'social'),
    /** Stops the automatic rounds (tests then run `tick` themselves). */
    stop: () => clearInterval(ticker),
    /** For good, before its database closes: a round cut short by it is not reported. */
    close: () => {
      stopped = true;
      clearInterval(ticker);
    },
  };
}
export type SocialSandbox = ReturnType<typeof createSocialSandbox>;
