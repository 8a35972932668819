import type { ApiError } from '../../contracts/errors';
import type { ServiceId } from '../../contracts/services';
import { finderOf } from './finders';
import type { SpendLog } from './spend-log';

/**
 * The life of one credit-spending write after the spend guard recorded it (`SpendLog.reserve`):
 * how each way it can end is written to its row, and what the operator is told. One piece for
 * every sender (the proxy, scheduled extractions), so that every service's writes end alike.
 *
 * - answered 2xx: `sent`, with what it made and, where the answer says, what it cost;
 * - answered 4xx: `refused`, nothing charged: the service said it did not do it;
 * - answered 5xx, no answer, or an answer that cannot be read: unknown. A gateway may answer 5xx
 *   after the service did the work, so the row stays `sending` (the limits count it) and is looked
 *   up in the service's own list (reconcile.ts). The operator is told it is being checked, not to
 *   try again.
 */
export class SpendLifecycle {
  constructor(
    private readonly deps: {
      spends: SpendLog;
      /** Asks the reconciler to look unanswered writes up. */
      lookUp: () => void;
      now: () => number;
    },
  ) {}

  sent(id: number, ref: string | null, charged: number | null = null): Promise<void> {
    return this.deps.spends.sent(id, ref, this.deps.now(), charged);
  }

  /**
   * The service answered with an error status (`error` already described, without the advice to
   * try again for a 5xx). Answers what the operator is told.
   */
  async answeredError(id: number, row: { service: ServiceId; operation: string }, error: ApiError): Promise<ApiError> {
    if (error.status >= 500) return this.unknown(id, row, error);
    await this.deps.spends.refused(id, error.message, this.deps.now());
    return error;
  }

  /** Nothing readable came back: the write may have been done. Answers what the operator is told. */
  async unknown(id: number, row: { service: ServiceId; operation: string }, error: ApiError): Promise<ApiError> {
    await this.deps.spends.unanswered(id, error.message, this.deps.now());
    this.deps.lookUp();
    return { ...error, code: 'write_unknown', message: `${error.message} ${unknownWords(row)}` };
  }
}

/** What the operator is told of a write whose outcome is unknown. */
export function unknownWords(row: { service: ServiceId; operation: string }): string {
  return canLookUp(row)
    ? "It may have reached the service, so it is not safe to send again yet: the console is checking the service's own list and records the write there if it was made (the Spend page shows when it is settled)."
    : 'It may have reached the service, which keeps no list the console can check for it, so the spend ledger shows it as unanswered: look at the recipient before sending it again.';
}

/** Whether the service's own list can tell what became of a write: every 3D create, and the writes with a finder. */
export const canLookUp = (row: { service: ServiceId; operation: string }) => row.service === 'gen3d' || finderOf(row) !== null;
