import type { TriptychDb } from '../store/db';
import type { Upstreams } from '../connections/upstream';
import { ReceivedLog } from './received-log';
import { socialReceiver } from './receiver';
import { NonceStore } from './signature';
import type { EventHub } from '../events/hub';
import { JobBook } from './jobs';
import { createConsoleRoutes } from './handlers';
import { Scheduler } from './schedules';
import { WebhookSecrets } from './secrets';
import type { SpendLog } from '../spend/spend-log';
import type { SpendLifecycle } from '../spend/lifecycle';
import { JobWatcher } from './watcher';
import type { Rounds } from '../jobs/rounds';

/**
 * Everything the BFF adds around the social service: its own routes with the webhook receiver
 * (contracts/bff-routes/social.ts), the held webhook secrets, the jobs it follows
 * with their "only new" record, and the scheduler (its runs go through the spend ledger and guard).
 */
export async function createSocialConsole(deps: { rounds: Rounds; db: TriptychDb; dataDir: string; upstreams: Upstreams; hub: EventHub; now: () => number; spends: SpendLog; spend: SpendLifecycle; trustProxy?: boolean }) {
  const secrets = new WebhookSecrets(deps.dataDir);
  const log = new ReceivedLog(deps.db);
  // Refused deliveries past their retention go at start-up, then with each refused delivery.
  await log.pruneRefused(deps.now());
  const book = new JobBook(deps.db);
  const watcher = new JobWatcher({ book, upstreams: deps.upstreams, hub: deps.hub, spends: deps.spends, now: deps.now });
  const scheduler = new Scheduler({ db: deps.db, book, upstreams: deps.upstreams, hub: deps.hub, spends: deps.spends, spend: deps.spend, now: deps.now });
  const receiver = socialReceiver({ secrets, nonces: new NonceStore(deps.db), log, hub: deps.hub, now: deps.now, trustProxy: deps.trustProxy });
  const routes = createConsoleRoutes({ upstreams: deps.upstreams, book, scheduler, secrets, log, hub: deps.hub, dataDir: deps.dataDir, now: deps.now }, receiver);
  // Background rounds: jobs followed four times a second, schedules checked every second (at
  // most one of each at a time, across a team's processes too). A scheduled run may spend: the
  // queue never retries it (jobs/rounds.ts).
  await deps.rounds.every('social-jobs', 250, () => watcher.poll());
  await deps.rounds.every('social-schedules', 1000, () => scheduler.tick());
  return {
    routes,
    secrets,
    book,
    watcher,
    scheduler,
  };
}
export type SocialConsole = Awaited<ReturnType<typeof createSocialConsole>>;
