import { chargeFrom, refFrom } from '../spend/finders';
import type { ExtractionRequest } from '../../contracts/social';
import { receiver } from '../../contracts/bff-routes/social';
import { socialRoutes } from '../../contracts/social';
import type { ServiceAdapter } from '../proxy/adapter';
import type { SocialConsole } from '../social';
import { quoteSocial } from '../social/spend';
import { balancePaths, type BalanceTracker } from '../watch/balance';
import { signedMediaBytes, type MediaSigner } from './media';

/** Answers the BFF reads before the browser gets them: the balance, a new webhook's secret, a new job. */
const intercepted = new Set(['webhooks.create', 'extractions.create']);
/** A URL of the console's own receiver (`…/api/hooks/social/h_…`): its hook id. */
const RECEIVER = new RegExp(`${receiver.path.replace(':hookId', '').replace(/\//g, '\\/')}(h_[A-Za-z0-9_-]+)$`);

/**
 * The social service in the proxy: media made same-origin (as text), the credit balance recorded,
 * credit-spending writes priced by the service where it quotes them (the proxy's spend guard), a created
 * webhook's secret kept by the BFF (the browser sees it in that one answer only), and every job
 * started here followed to its end (for "only new since last run" and the finished notice).
 */
export function socialAdapter(deps: { signer: MediaSigner; balance: BalanceTracker; console?: SocialConsole }): ServiceAdapter {
  return {
    routes: socialRoutes,
    answerMode: (op) => (op.file ? 'pass' : op.path === balancePaths.social || intercepted.has(op.id) ? 'json' : 'text'),
    quote: quoteSocial,
    spendRef: refFrom('id'),
    // An extraction's or a draw's answer names its charge; a finished job settles it again (social/watcher.ts).
    spendCharge: chargeFrom('creditsCharged'),
    async answer(json, x) {
      if (x.route.path === balancePaths.social) await deps.balance.seen('social', x.mode, json);
      const record = json as Record<string, unknown>;
      if (x.route.id === 'webhooks.create' && deps.console && typeof record.secret === 'string') {
        const url = String(record.url ?? x.body?.url ?? '');
        deps.console.secrets.put({ webhookId: String(record.id), secret: record.secret, hookId: RECEIVER.exec(new URL(url, x.origin).pathname)?.[1] ?? null, url, mode: x.mode, createdAt: Date.now() });
      }
      if (x.route.id === 'extractions.create' && deps.console && typeof record.id === 'string' && x.status === 202) {
        await deps.console.book.add({ id: record.id, mode: x.mode, baseUrl: x.baseUrl, request: x.body as ExtractionRequest, status: String(record.status ?? 'running'), at: Date.now(), scheduleId: null });
      }
      return json;
    },
    answerText: (text) => signedMediaBytes(text, deps.signer, 'social'),
  };
}
