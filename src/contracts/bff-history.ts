import { ConnectionMode, LedgerTask } from './bff';
import { ServiceId } from './service-ids';
import { z } from './zod';

/**
 * What the ledger keeps over time, as the BFF answers it (their routes: bff-routes/history.ts): a
 * task's lineage (the task page) and the balance's history (the credits page). A module of its
 * own: bff.ts is on the first page, which reads neither.
 */

/** The tasks it was made from (nearest first) and the tasks made from it. */
export const Lineage = z.object({ task: LedgerTask, sources: z.array(LedgerTask), derived: z.array(LedgerTask) });
export type Lineage = z.output<typeof Lineage>;

export const BalancePoint = z.object({ at: z.number(), balance: z.number() });
export const BalanceHistory = z.object({ service: ServiceId, mode: ConnectionMode, points: z.array(BalancePoint) });
export type BalanceHistory = z.infer<typeof BalanceHistory>;
