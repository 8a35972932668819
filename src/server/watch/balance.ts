import { Balance } from '../../contracts/gen3d';
import { balancePath } from '../../contracts/gen3d/paths';
import { creditsPath } from '../../contracts/social/credits';
import type { ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { Upstreams } from '../connections/upstream';
import type { Balances } from '../store/balances';
import type { EventHub } from '../events/hub';
import { sendWithRetry } from '../connections/send';

/**
 * Where each service tells its credit balance: 3D `GET /openapi/v1/balance` (document), social
 * `GET /api/v1/credits` (`balance` as an integer string, live-service notes (docs/live-services.md#social-data--credits)). Both read as `{balance}`.
 */
export const balancePaths: Partial<Record<ServiceId, string>> = { gen3d: balancePath, social: creditsPath };

/** Keeps the credit balance current: records every balance seen and tells the tabs. */
export class BalanceTracker {
  constructor(private readonly deps: { upstreams: Upstreams; balances: Balances; hub: EventHub; now: () => number }) {}

  /** Records a balance read from a response (the proxy calls this for balance GETs). */
  async seen(service: ServiceId, mode: ConnectionMode, body: unknown): Promise<void> {
    const parsed = Balance.safeParse(body);
    if (!parsed.success) return;
    const at = this.deps.now();
    await this.deps.balances.record(service, mode, parsed.data.balance, at);
    this.deps.hub.publish({ type: 'balance', service, mode, balance: parsed.data.balance, at });
  }

  /** Reads the balance now (after a task was charged or refunded). Never throws. */
  async refresh(service: ServiceId): Promise<void> {
    const path = balancePaths[service];
    if (!path) return;
    // Many changes at once (tasks ending together) make one read, not one each.
    const read = async () => {
      const upstream = this.deps.upstreams.current(service);
      try {
        const res = await sendWithRetry(() => upstream.request(path), { retry: true, speed: this.deps.upstreams.speedFor(upstream.mode) });
        if (res.ok) await this.seen(service, upstream.mode, await res.json());
        else await res.body?.cancel();
      } catch {
        // the balance is refreshed again at the next change
      }
    };
    await this.deps.upstreams.background.run(service, path, read).catch(() => undefined);
  }
}
