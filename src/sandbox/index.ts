import { Hono } from 'hono';
import { join } from 'node:path';
import { SandboxClock } from './clock';
import { SandboxAdmin } from './admin';
import { createControl } from './control';
import { openSandboxDb } from './db';
import { FaultBox } from './faults';
import { createGen3dSandbox, GEN3D_ROOT } from './gen3d/app';
import { Gen3dEngine } from './gen3d/engine';
import { FileMaker } from './gen3d/files';
import { Gen3dStore, gen3dMigrations } from './gen3d/store';
import { AGENTNET_ROOT, agentnetMigrations, createAgentnetSandbox } from './agentnet';
import { createSocialSandbox, SOCIAL_ROOT } from './social';
import { SocialCreditBook } from './social/credits';

export { GEN3D_ROOT };

export type SandboxOptions = {
  dataDir: string;
  /** Time scale: 1 makes a preview take about 20 s, 20 about 1 s. */
  speed: number;
  /** Mount the test-only control endpoint at /sandbox/__control. */
  control: boolean;
};

const migrations = [`CREATE TABLE sandbox_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`, ...gen3dMigrations, ...agentnetMigrations];

/** The embedded sandbox: an imitation of each service, served under /sandbox/{service}. */
export function createSandbox(opts: SandboxOptions) {
  const db = openSandboxDb(opts.dataDir, migrations);
  const clock = new SandboxClock(db);
  const gen3dStore = new Gen3dStore(db);
  const files = new FileMaker(join(opts.dataDir, 'sandbox', 'gen3d'), gen3dStore);
  const sourceOf = (row: { type: string; request: string; account: string }) => {
    const req = JSON.parse(row.request) as { prompt?: string; pose_mode?: string; target_formats?: string[]; preview_task_id?: string };
    const preview = req.preview_task_id ? gen3dStore.get(row.account, req.preview_task_id) : undefined;
    const source = preview ? (JSON.parse(preview.request) as typeof req) : req;
    return { prompt: source.prompt ?? '', poseMode: source.pose_mode ?? '', formats: source.target_formats };
  };
  const engine = new Gen3dEngine(gen3dStore, clock, files, opts.speed, sourceOf);
  const faults = { gen3d: new FaultBox(), social: new FaultBox(), agentnet: new FaultBox() };
  const socialCredits = new SocialCreditBook();

  const app = new Hono();
  app.route(GEN3D_ROOT, createGen3dSandbox({ store: gen3dStore, engine, files, clock, faults: faults.gen3d, speed: opts.speed }));
  app.route(SOCIAL_ROOT, createSocialSandbox({ clock, faults: faults.social, credits: socialCredits }));
  app.route(AGENTNET_ROOT, createAgentnetSandbox({ db, clock, faults: faults.agentnet }));
  if (opts.control) app.route('/sandbox/__control', createControl({ faults, clock, gen3d: gen3dStore }));

  // Tasks move on even when nobody is asking.
  const ticker = setInterval(() => engine.advance(), 200);
  ticker.unref();

  return {
    app,
    clock,
    faults,
    /** The console's sandbox controls (credits, reset): see admin.ts. */
    admin: new SandboxAdmin({ db, clock, gen3d: gen3dStore, socialCredits }),
    async close() {
      clearInterval(ticker);
      await files.idle();
      db.close();
    },
  };
}
export type Sandbox = ReturnType<typeof createSandbox>;
