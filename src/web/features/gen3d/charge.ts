import type { LedgerTask } from '../../../contracts/bff';
import { gen3dRoutes } from '../../../contracts/gen3d/routes';
import { priceOf, priceWords, type Price } from '../../../contracts/routes';

/** What the service charged for a task when it was created (the route table's price for its create path and body); null when it spends nothing known. */
export function chargeOf(task: Pick<LedgerTask, 'createPath' | 'request'>): { price: Price; unit: string } | null {
  const op = gen3dRoutes.find((o) => o.kind === 'create' && o.path === task.createPath);
  const price = op?.spend ? priceOf(op.spend, task.request) : null;
  return op?.spend && price ? { price, unit: op.spend.unit } : null;
}

/** "20 credits refunded", "5 to 30 credits refunded", or a plain sentence when the price is not known. */
export function refundWords(task: Pick<LedgerTask, 'createPath' | 'request'>): string {
  const charge = chargeOf(task);
  if (!charge || charge.price.max === 0) return 'Nothing was charged for it.';
  return `${priceWords(charge.price, charge.unit)} refunded.`;
}
