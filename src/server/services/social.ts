import { socialRoutes } from '../../contracts/social';
import type { ServiceAdapter } from '../proxy/adapter';
import { balancePaths, type BalanceTracker } from '../watch/balance';
import { signMedia, type MediaSigner } from './media';

/** The social service in the proxy: media made same-origin, the credit balance recorded. */
export function socialAdapter(deps: { signer: MediaSigner; balance: BalanceTracker }): ServiceAdapter {
  return {
    routes: socialRoutes,
    answer(json, x) {
      if (x.route.path === balancePaths.social) deps.balance.seen('social', x.mode, json);
      return signMedia(json, deps.signer, 'social');
    },
  };
}
