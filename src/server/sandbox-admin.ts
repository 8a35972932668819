import { Hono, type Context } from 'hono';
import { SandboxCreditsBody } from '../contracts/bff-bodies';
import { ServiceId, services } from '../contracts/services';
import type { Keyring } from './connections/keyring';
import type { ConnectionSettings } from './connections/settings';
import { apiError as error, fail } from './http/errors';
import { readJson } from './http/input';
import type { BalanceTracker } from './watch/balance';
import type { EventHub } from './events/hub';

/** What the controls ask of the embedded sandbox (app.ts hands over its admin): the server imports the sandbox only where it mounts it. */
export type SandboxControls = {
  hasCredits(service: ServiceId): boolean;
  credits(service: ServiceId, change: { action: 'top-up'; amount: number } | { action: 'reset' }): number | null;
  reset(service: ServiceId): { balance: number | null };
};

type Deps = { sandbox: SandboxControls; settings: ConnectionSettings; keyring: Keyring; balance: BalanceTracker; hub: EventHub };

/**
 * The console's sandbox controls (`/api/sandbox/{service}/...`): top up or reset a sandbox
 * service's credits, reset its state. Only while the service runs on the sandbox: in live mode
 * they answer 409, so nothing here can touch a live account. Tabs hear the new balance (and, for
 * the agent network, that the identities changed) over the event stream.
 */
export function createSandboxAdmin({ sandbox, settings, keyring, balance, hub }: Deps) {
  const app = new Hono();

  /** The service named in the path, in sandbox mode; else the error answer. */
  const sandboxed = (c: Context): ServiceId | Response => {
    const id = ServiceId.safeParse(c.req.param('service'));
    if (!id.success) return fail(c, error(404, 'not_found', `There is no service "${c.req.param('service')}": use gen3d, social or agentnet.`));
    if (settings.get(id.data).mode !== 'sandbox') {
      return fail(c, error(409, 'conflict', `The ${services[id.data].label} service runs live: sandbox controls work only in sandbox mode, so nothing was changed. Switch it to the sandbox first.`));
    }
    return id.data;
  };

  app.post('/:service/credits', async (c) => {
    const service = sandboxed(c);
    if (service instanceof Response) return service;
    if (!sandbox.hasCredits(service)) return fail(c, error(404, 'not_found', `The ${services[service].label} sandbox keeps no credits: there is nothing to top up or reset.`));
    const parsed = await readJson(c, SandboxCreditsBody, 'Nothing was changed');
    if (!parsed.ok) return fail(c, parsed.error);
    const next = sandbox.credits(service, parsed.value) ?? 0;
    await balance.refresh(service);
    return c.json({ balance: next });
  });

  app.post('/:service/reset', async (c) => {
    const service = sandboxed(c);
    if (service instanceof Response) return service;
    const result = sandbox.reset(service);
    if (service === 'agentnet') {
      // The agents the console held keys for are gone with the sandbox's tables.
      for (const a of keyring.agents('sandbox', '')) keyring.forgetAgent(a.agentId, 'sandbox', '');
      hub.publish({ type: 'identities' });
    } else {
      await balance.refresh(service);
    }
    return c.json({ service, balance: result.balance });
  });

  return app;
}
