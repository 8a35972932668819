import { IntParam, Params, Query } from './query';
import { ServiceId, serviceIds } from './service-ids';
import { unitCode } from './units';
import { z } from './zod';

/**
 * The query strings and path parameters of the BFF's own read routes, as the BFF checks them (the
 * routes: bff-routes/ledger.ts and spend-totals.ts; their answers: bff.ts). The browser never
 * checks them (it builds these queries itself): in its build, the route table's modules get an
 * empty face of this module (vite.config.ts, `browserRouteInputs`), so the first page, which calls
 * these routes, does not carry them. Only `export const` declarations, for that face.
 */

const statusList = /^[A-Z_]{1,20}(,[A-Z_]{1,20}){0,9}$/;
/**
 * `GET /api/ledger/tasks?service=&status=&type=&q=&cursor=&limit=`: the ledger a page at a time,
 * newest first. `status` takes one status or several separated by commas (`PENDING,IN_PROGRESS`);
 * `q` searches the task id, prompt and name (any part of a word, case ignored); `cursor` is the
 * `nextCursor` of the page before, with the same filters.
 */
export const LedgerQuery = Query({
  service: z.optional(ServiceId),
  status: z.optional(z.string().check(z.regex(statusList, 'status must be a task status such as SUCCEEDED, or several separated by commas'))),
  type: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'type must be a task type such as text-to-3d-preview'))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'q takes at most 200 characters'))),
  cursor: z.optional(z.string().check(z.maxLength(200, 'cursor is not one this console gave'))),
  limit: IntParam(1, 200, 'limit'),
});
export type LedgerQuery = z.output<typeof LedgerQuery>;

/** `GET /api/ledger/changes?service=&since=&limit=`: tasks changed after `since` (epoch ms), oldest change first, to patch pages held. */
export const LedgerChangesQuery = Query({
  service: z.optional(ServiceId),
  since: z.pipe(z.string({ error: 'since is required: a time in epoch ms' }).check(z.regex(/^\d{1,15}$/, 'since must be a time in epoch ms')), z.transform(Number)),
  limit: IntParam(1, 500, 'limit'),
});

/** A service named in a path (`/api/spend/limits/:service`). */
export const ServiceParams = Params({ service: z.enum(serviceIds, { error: `service must be ${serviceIds.slice(0, -1).join(', ')} or ${serviceIds.at(-1)}` }) });

/** The id of a task of the ledger in a path (any text: a task the ledger does not hold is a 404 of the route). */
export const LedgerTaskParams = Params({ id: z.string() });

/** `GET /api/ledger/summary?service=`. */
export const LedgerSummaryQuery = Query({ service: z.optional(ServiceId) });

/** A unit of spend: `credits`, or a currency code of the agent network's payments (`USD`, `USDC`). */
/** A spend unit, read in its one spelling (`usd` is `USD`: units.ts). */
export const SpendUnit = z.pipe(
  z.string({ error: 'unit must be text' }).check(z.regex(/^[A-Za-z0-9_.-]{1,16}$/, 'unit must be 1 to 16 letters, digits, dots, dashes or underscores (credits, USD)')),
  z.transform(unitCode),
);

/** `GET /api/spend/totals?service=&unit=`. */
export const SpendTotalsQuery = Query({ service: ServiceId, unit: z.optional(SpendUnit) });
