import { Hono } from 'hono';
import { join } from 'node:path';
import { SandboxClock } from './shared/clock';
import { SandboxAdmin } from './admin';
import { createControl } from './shared/control';
import { openSandboxDb } from './shared/db';
import { FaultBox } from './shared/faults';
import { createGen3dSandbox, GEN3D_ROOT } from './gen3d/app';
import { Gen3dEngine } from './gen3d/engine/engine';
import { FileMaker } from './gen3d/engine/files';
import { JOB_LIMITS, type JobLimits } from './gen3d/engine/jobs/limits';
import { Gen3dStore, gen3dLaterMigrations, gen3dMigrations } from './gen3d/store/store';
import { AGENTNET_ROOT, agentnetMigrations, createAgentnetSandbox } from './agentnet';
import { createSocialSandbox, SOCIAL_ROOT, socialMigrations } from './social';
import { loopbackDeliver, type Deliver } from '../node-lib/deliver';
import { keepJsonText } from '../node-lib/in-process';

export { GEN3D_ROOT };

export type SandboxOptions = {
  dataDir: string;
  /** Time scale: 1 makes a preview take about 20 s, 20 about 1 s. */
  speed: number;
  /** Mount the test-only control endpoint at /sandbox/__control. */
  control: boolean;
  /**
   * How the sandbox's own deliveries (social webhooks, subnet webhooks, pushes to agents) leave.
   * Default: loopback addresses only, with connect, total-time and answer-size limits; the console
   * routes them through its guarded fetcher.
   */
  deliver?: Deliver;
  /** The 3D worker's per-job limits (jobs/limits.ts); tests lower one to meet it. */
  jobLimits?: Partial<JobLimits>;
};

/** Each service's migrations, tracked apart (shared/db.ts). */
const migrations = { gen3d: [...gen3dMigrations, ...gen3dLaterMigrations], agentnet: agentnetMigrations, social: socialMigrations };

/** The embedded sandbox: an imitation of each service, served under /sandbox/{service}. */
export function createSandbox(opts: SandboxOptions) {
  const db = openSandboxDb(opts.dataDir, migrations);
  const clock = new SandboxClock(db);
  const gen3dStore = new Gen3dStore(db);
  const files = new FileMaker(join(opts.dataDir, 'sandbox', 'gen3d'), gen3dStore, () => clock.now(), { ...JOB_LIMITS, ...opts.jobLimits });
  const engine = new Gen3dEngine(gen3dStore, clock, files, opts.speed);
  const faults = { gen3d: new FaultBox(), social: new FaultBox(), agentnet: new FaultBox() };

  const app = new Hono();
  // Called in-process by the console's BFF: JSON answers keep their text (no bytes made and read back).
  app.use('*', keepJsonText);
  app.route(GEN3D_ROOT, createGen3dSandbox({ store: gen3dStore, engine, files, clock, faults: faults.gen3d, speed: opts.speed }));
  const social = createSocialSandbox({ clock, faults: faults.social, speed: opts.speed, db, deliver: opts.deliver ?? loopbackDeliver() });
  app.route(SOCIAL_ROOT, social.app);
  const agentnet = createAgentnetSandbox({ db, clock, faults: faults.agentnet, speed: opts.speed, deliver: opts.deliver ?? loopbackDeliver() });
  app.route(AGENTNET_ROOT, agentnet.app);
  // The Meshy CLI reads its public animation catalog at <origin>/web/public/... whatever its base path.
  app.get('/web/public/animations/resources', (c) => {
    const url = new URL(c.req.url);
    return app.fetch(new Request(`${url.origin}${GEN3D_ROOT}${url.pathname}${url.search}`, { headers: c.req.raw.headers }));
  });
  if (opts.control) app.route('/sandbox/__control', createControl({ faults, clock, gen3d: gen3dStore }));

  // Tasks move on even when nobody is asking.
  const ticker = setInterval(() => engine.advance(), 200);
  ticker.unref();

  return {
    app,
    clock,
    faults,
    agentnet,
    social,
    /** The console's sandbox controls (credits, reset): see admin.ts. */
    admin: new SandboxAdmin({ clock, gen3d: gen3dStore, social, agentnet }),
    async close() {
      clearInterval(ticker);
      social.close();
      await agentnet.close();
      await files.idle();
      db.close();
    },
  };
}
export type Sandbox = ReturnType<typeof createSandbox>;
