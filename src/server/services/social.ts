import { socialRoutes } from '../../contracts/social';
import type { ServiceAdapter } from '../proxy/adapter';
import { balancePaths, type BalanceTracker } from '../watch/balance';
import { signMediaText, type MediaSigner } from './media';

/** The social service in the proxy: media made same-origin (as text), the credit balance recorded. */
export function socialAdapter(deps: { signer: MediaSigner; balance: BalanceTracker }): ServiceAdapter {
  return {
    routes: socialRoutes,
    answerMode: (op) => (op.path === balancePaths.social ? 'json' : 'text'),
    answer(json, x) {
      deps.balance.seen('social', x.mode, json);
      return json;
    },
    answerText: (text) => signMediaText(text, deps.signer, 'social'),
  };
}
