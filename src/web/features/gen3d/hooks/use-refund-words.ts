import { useQuery } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import type { Price } from '../../../../contracts/routes';

/** The module that prices tasks by the service's route table: it loads the first time a row asks, so the queue opens without it. */
function useChargeModule(enabled: boolean) {
  const charge = useQuery({ queryKey: ['module', 'gen3d-charge'], queryFn: () => import('../charge'), enabled, staleTime: Infinity, gcTime: Infinity });
  return enabled ? charge.data : undefined;
}

/**
 * "20 credits refunded." for a task that is, or may be, deleted before it starts. The words come
 * from the service's route table (its prices). Null while it loads, or when `enabled` is false.
 */
export function useRefundWords(task: Pick<LedgerTask, 'createPath' | 'request'>, enabled: boolean): string | null {
  const charge = useChargeModule(enabled);
  return charge ? charge.refundWords(task) : null;
}

/** The price the service charged when the task was created (route table); undefined while it loads or when `enabled` is false. */
export function useChargedPrice(task: Pick<LedgerTask, 'createPath' | 'request'>, enabled: boolean): Price | null | undefined {
  const charge = useChargeModule(enabled);
  return charge ? (charge.chargeOf(task)?.price ?? null) : undefined;
}
