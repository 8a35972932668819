import type { Context } from 'hono';
import type { ConnectionMode } from '../../contracts/bff';
import type { ApiError } from '../../contracts/errors';
import type { Operation, Price } from '../../contracts/routes';
import type { Upstream } from '../connections/upstream';

/** What the proxy knows about one answered request. */
export type Exchange = {
  route: Operation;
  params: Record<string, string>;
  /** The checked request body (document terms, unknown fields kept), if any. */
  body: Record<string, unknown> | undefined;
  mode: ConnectionMode;
  baseUrl: string;
  status: number;
  /** The console's own origin as the browser sees it. */
  origin: string;
  /** The spend ledger's row of a credit-spending write. */
  spendId: number | null;
};

/**
 * How one service differs inside the one proxy: its route table, whose key a request carries, how
 * a body is spoken to the live service, and what the BFF does with an answer (record it, keep a
 * key from it, make its file URLs same-origin).
 */
export type ServiceAdapter = {
  routes: readonly Operation[];
  /** The key for this request: a string, null for an anonymous call, or an error to answer. Default: the service's key. */
  keyFor?: (c: Context) => { key: string | null } | { error: ApiError } | undefined;
  toLive?: (body: Record<string, unknown>) => Record<string, unknown>;
  /**
   * How a successful answer reaches the browser: as it came (`pass`, the default: nothing parsed),
   * rewritten as text (`text`, through `answerText`), or parsed and rewritten (`json`, through `answer`).
   */
  answerMode?: (op: Operation) => 'pass' | 'text' | 'json';
  /** Sees a successful JSON answer and returns what the browser gets. */
  answer?: (json: unknown, x: Exchange) => Promise<unknown>;
  /** Rewrites a successful answer's text, handing back the UTF-8 bytes the browser gets. */
  answerText?: (text: string, x: Exchange) => Uint8Array<ArrayBuffer>;
  /** Rewrites one SSE data record of a stream route. */
  streamRecord?: (json: unknown, x: Exchange) => unknown;
  /**
   * Why a credit-spending write must not be sent although the limits allow it (a pool task already
   * paid); checked in the same transaction that records the write, so two at once cannot both pass.
   */
  refuseSpend?: (op: Operation, body: Record<string, unknown>, at: { mode: ConnectionMode; baseUrl: string }) => Promise<ApiError | null>;
  /** What a credit-spending write made, from its answer (a task id), kept in the spend ledger. */
  spendRef?: (json: unknown) => string | null;
  /** What a credit-spending write cost, where its answer says (an extraction's `creditsCharged`); null: its price until settled. */
  spendCharge?: (json: unknown, x: Exchange) => number | null;
  /** A successful DELETE with an empty answer. */
  deleted?: (x: Exchange) => Promise<void>;
  /**
   * The price of a write whose operation is `quoted` (the service knows it: an extraction's
   * estimate), asked before the write is recorded and sent; an error answers instead and nothing is sent.
   */
  quote?: (op: Operation, body: Record<string, unknown>, upstream: Upstream) => Promise<Price | ApiError>;
};
