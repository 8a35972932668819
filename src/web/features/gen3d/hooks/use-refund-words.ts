import { useQuery } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';

/**
 * "20 credits refunded." for a task that is, or may be, deleted before it starts. The words come
 * from the service's route table (its prices), which loads the first time a row asks: the queue
 * opens without it. Null while it loads, or when `enabled` is false.
 */
export function useRefundWords(task: Pick<LedgerTask, 'createPath' | 'request'>, enabled: boolean): string | null {
  const charge = useQuery({ queryKey: ['module', 'gen3d-charge'], queryFn: () => import('../charge'), enabled, staleTime: Infinity, gcTime: Infinity });
  return enabled && charge.data ? charge.data.refundWords(task) : null;
}
