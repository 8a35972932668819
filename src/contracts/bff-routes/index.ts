import * as agentnet from './agentnet';
import * as archive from './archive';
import * as audit from './audit';
import * as connections from './connections';
import * as history from './history';
import * as ledger from './ledger';
import * as media from './media';
import * as sandbox from './sandbox';
import * as shell from './shell';
import * as social from './social';
import * as spend from './spend';
import * as spendTotals from './spend-totals';
import type { BffRoute } from './route';

/**
 * Every area of the BFF's own API (route.ts), for the server and the tests. The browser imports
 * one area at a time (`import * as spendRoutes from '…/bff-routes/spend'`), never this.
 */
export const bffTables = { agentnet, archive, audit, connections, history, ledger, media, sandbox, shell, social, spend, spendTotals } satisfies Record<string, Record<string, BffRoute>>;

/** Every route of every area. */
export const bffRoutes: readonly BffRoute[] = Object.values(bffTables).flatMap((area) => Object.values(area) as BffRoute[]);
