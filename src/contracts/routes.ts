import type { output, ZodMiniType } from 'zod/mini';
import type { ServiceId } from './services';
import { unitCode } from './units';

/**
 * One documented operation of a service: the single place its path is written. The BFF's proxy,
 * the sandbox and the browser's API layer are all registered from these tables, so a path cannot
 * drift between layers (contracts/<service>/routes.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What the BFF does around the call: creates go into the ledger, tasks refresh it, streams pass through. */
export type RouteKind = 'create' | 'task' | 'stream' | 'list' | 'delete' | 'read' | 'write';

export type Operation = {
  /** Stable name, unique within the service (`textTo3d.create`, `tweets.search`). */
  readonly id: string;
  readonly service: ServiceId;
  /** What it does, as words that finish "the sandbox does not imitate …" (`create an image-to-3D task`). */
  readonly summary: string;
  readonly method: HttpMethod;
  /** Path relative to the service's base URL, `:name` for parameters (Hono's syntax). */
  readonly path: string;
  readonly kind: RouteKind;
  /** Path parameters, each checked (400 naming it) before anything leaves. */
  readonly params?: ZodMiniType;
  /** Query string; unknown parameters are refused. */
  readonly query?: ZodMiniType;
  /** Body: known fields typed strictly; unknown ones are dropped by the schema (the sandbox ignores them) and forwarded by the BFF. */
  readonly body?: ZodMiniType;
  /** The answer, read leniently (document and live shapes). */
  readonly answer?: ZodMiniType;
  /**
   * The document's empty answer of a read the sandbox does not imitate yet (an empty list). Reads
   * without one answer 404; writes not imitated answer 404 naming the operation, never 5xx or 429.
   */
  readonly empty?: unknown;
  /** Largest body in bytes (default `DEFAULT_MAX_BODY`); image routes take data URIs. */
  readonly maxBody?: number;
  /** Request headers the operation takes from its caller, which the BFF passes on (`idempotency-key`); lower case. */
  readonly headers?: readonly string[];
  /** The answer is a file (an export), not JSON: the BFF streams it through. */
  readonly file?: boolean;
  /**
   * What the write costs, when it spends the service's credits: the BFF records it in the spend
   * ledger before it leaves and refuses it when it would pass a spend limit.
   */
  readonly spend?: Spend;
};

/** A price as a range of amounts in the service's unit (`min === max` for a fixed price). */
export type Price = { readonly min: number; readonly max: number };
/**
 * What a credit-spending write costs: a fixed amount, a range (the spend guard counts its upper
 * end), computed from the checked body (a model's price), or quoted by the service before the
 * write (the BFF asks it: an extraction's estimate, a draw's entries).
 */
export type Spend = {
  /** The service's unit (`credits`); `unitOf` names it from the body where the body chooses (a payment's currency). */
  readonly unit: string;
  readonly unitOf?: (body: Readonly<Record<string, unknown>>) => string;
  readonly price:
    | { readonly kind: 'fixed'; readonly amount: number }
    | { readonly kind: 'range'; readonly min: number; readonly max: number }
    | { readonly kind: 'computed'; readonly of: (body: Readonly<Record<string, unknown>>) => Price }
    | { readonly kind: 'quoted'; readonly basis: string };
  /** Whether this request spends at all (a dry run does not; a pool task only with escrow). Default: every request. */
  readonly applies?: (body: Readonly<Record<string, unknown>>, query: Readonly<Record<string, unknown>>) => boolean;
};

const record = (v: unknown): Readonly<Record<string, unknown>> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The price of a write with this body; null when the service quotes it (the BFF asks before sending). */
export function priceOf(spend: Spend, body: unknown): Price | null {
  const p = spend.price;
  if (p.kind === 'fixed') return { min: p.amount, max: p.amount };
  if (p.kind === 'range') return { min: p.min, max: p.max };
  if (p.kind === 'quoted') return null;
  return p.of(record(body));
}

/** Whether a request with this body and query spends, and in which unit. */
export const spendApplies = (spend: Spend, body: unknown, query: unknown) => spend.applies?.(record(body), record(query)) ?? true;
/** The unit a write spends in, in its one spelling (a payment in `usd` counts in `USD`: units.ts). */
export const spendUnit = (spend: Spend, body: unknown) => unitCode(spend.unitOf?.(record(body)) ?? spend.unit);

/** One of a unit: `1 credit`, not `1 credits`. */
const unitOfOne = (unit: string) => (unit === 'credits' ? 'credit' : unit);
/** A price in words: `1 credit`, `20 credits`, `5 to 30 credits`. */
export const priceWords = (price: Price, unit: string) => (price.min === price.max ? `${price.max} ${price.max === 1 ? unitOfOne(unit) : unit}` : `${price.min} to ${price.max} ${unit}`);

export const DEFAULT_MAX_BODY = 256 * 1024;
/** Routes that take images or models as data URIs: a 48 MB file in base64. */
export const DATA_URI_MAX_BODY = 64 * 1024 * 1024;

type Out<S> = S extends ZodMiniType ? output<S> : undefined;
/** What a handler receives once the operation's checks passed. */
export type OperationInput<O extends Operation> = { params: Out<O['params']>; query: Out<O['query']>; body: Out<O['body']> };

/** Declares an operation (an identity that keeps the literal types for handlers). */
export const operation = <const O extends Operation>(o: O): O => o;

/** A table: operations by id. */
export type OperationTable = Readonly<Record<string, Operation>>;

export { fillPath, paramNames, queryString } from './paths';

/** The body to forward: the checked fields over the raw ones, so a field nobody knows still reaches the service. */
export function forwardBody(raw: unknown, checked: unknown): unknown {
  const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  return isRecord(raw) && isRecord(checked) ? { ...raw, ...checked } : checked;
}
