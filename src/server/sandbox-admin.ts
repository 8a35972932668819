import type { Context } from 'hono';
import * as sandboxRoutes from '../contracts/bff-routes/sandbox';
import { services, type ServiceId } from '../contracts/services';
import type { Keyring } from './connections/keyring';
import type { ConnectionSettings } from './connections/settings';
import { serveTable } from './http/bff-route';
import { apiError as error, fail } from './http/errors';
import type { BalanceTracker } from './watch/balance';
import type { EventHub } from './events/hub';

/** What the controls ask of the sandbox: the embedded one's admin (app.ts hands it over; the server imports the sandbox only where it mounts it) or a sandbox process's, over HTTP (sandbox-remote.ts). */
export type SandboxControls = {
  hasCredits(service: ServiceId): boolean;
  credits(service: ServiceId, change: { action: 'top-up'; amount: number } | { action: 'reset' }): number | null | Promise<number | null>;
  reset(service: ServiceId): { balance: number | null } | Promise<{ balance: number | null }>;
};

type Deps = { sandbox: SandboxControls; settings: ConnectionSettings; keyring: Keyring; balance: BalanceTracker; hub: EventHub };

/**
 * The console's sandbox controls (contracts/bff-routes/sandbox.ts): top up or reset a sandbox
 * service's credits, reset its state. Only while the service runs on the sandbox: in live mode
 * they answer 409, so nothing here can touch a live account. Tabs hear the new balance (and, for
 * the agent network, that the identities changed) over the event stream.
 */
export function createSandboxAdmin({ sandbox, settings, keyring, balance, hub }: Deps) {
  /** A 409 while the service runs live; null in sandbox mode. */
  const live = (c: Context, service: ServiceId) =>
    settings.get(service).mode === 'sandbox'
      ? null
      : fail(c, error(409, 'conflict', `The ${services[service].label} service runs live: sandbox controls work only in sandbox mode, so nothing was changed. Switch it to the sandbox first.`));

  return serveTable(sandboxRoutes, {
    credits: async ({ params: { service }, body }, c) => {
      const refused = live(c, service);
      if (refused) return refused;
      if (!sandbox.hasCredits(service)) return fail(c, error(404, 'not_found', `The ${services[service].label} sandbox keeps no credits: there is nothing to top up or reset.`));
      const next = (await sandbox.credits(service, body)) ?? 0;
      await balance.refresh(service);
      return { balance: next };
    },
    reset: async ({ params: { service } }, c) => {
      const refused = live(c, service);
      if (refused) return refused;
      const result = await sandbox.reset(service);
      if (service === 'agentnet') {
        // The agents the console held keys for are gone with the sandbox's tables.
        for (const a of keyring.agents('sandbox', '')) await keyring.forgetAgent(a.agentId, 'sandbox', '');
        hub.publish({ type: 'identities' });
      } else {
        await balance.refresh(service);
      }
      return { service, balance: result.balance };
    },
  });
}
