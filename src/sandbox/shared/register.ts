import type { Context, Env, Hono } from 'hono';
import type { Operation, OperationInput, OperationTable } from '../../contracts/routes';
import { peekJsonBody, readOperationInput, type Refusal } from '../../node-lib/operation-input';

/**
 * How one service's imitation speaks: the live service's error bodies for a refused request, an
 * operation it does not imitate yet, and a path that is no operation at all.
 */
export type Dialect = {
  refused(c: Context, refusal: Refusal, op: Operation): Response;
  /** A write (or a read of one item) the sandbox does not imitate yet: 404 naming the operation. */
  notImitated(c: Context, op: Operation): Response;
  notFound(c: Context): Response;
  /** A path of the table asked with a method it does not take (default: notFound). */
  methodNotAllowed?(c: Context, path: string, allow: string[]): Response;
};

export type Handler<O extends Operation, E extends Env> = (c: Context<E>, input: OperationInput<O>) => Response | Promise<Response>;
/** A handler, optionally with a check of the raw request that runs before the schemas (a domain rule the live service checks first). */
export type HandlerSpec<O extends Operation, E extends Env> = Handler<O, E> | { before: (c: Context<E>, raw: unknown) => Response | void; handle: Handler<O, E> };
export type Handlers<T extends OperationTable, E extends Env> = { [K in keyof T]?: HandlerSpec<T[K], E> };

/** Every answer of a table operation names it (so a walk of the table can tell it from the fallback). */
export const OPERATION_HEADER = 'x-sandbox-operation';

/** The words a not-imitated operation answers with. */
export const notImitatedMessage = (op: Operation) =>
  `The sandbox does not imitate "${op.summary}" (${op.method} ${op.path}) yet. Connect a live key on the Connections page to use it.`;

/**
 * Registers every operation of a table on a sandbox app, from the table: its method and path, its
 * checks (through the one input reader), then the handler, or the not-imitated answer (a read with
 * an empty answer in the document gives it; anything else is 404, never 5xx or 429, which clients
 * would retry).
 */
export function registerOperations<T extends OperationTable, E extends Env>(app: Hono<E>, table: T, handlers: Handlers<T, E>, dialect: Dialect) {
  for (const [id, op] of Object.entries(table) as Array<[keyof T & string, Operation]>) {
    const spec = handlers[id] as HandlerSpec<Operation, E> | undefined;
    const handle = typeof spec === 'function' ? spec : spec?.handle;
    const before = typeof spec === 'function' ? undefined : spec?.before;
    app.on(op.method, op.path, async (c) => {
      c.header(OPERATION_HEADER, op.id);
      if (before) {
        const body = op.body ? await peekJsonBody(c, op) : { ok: true as const, raw: undefined };
        if (!body.ok) return dialect.refused(c, body.refusal, op);
        const early = before(c, body.raw);
        if (early) return early;
      }
      const read = await readOperationInput(c, op);
      if (!read.ok) return dialect.refused(c, read.refusal, op);
      if (handle) return handle(c, read.input);
      if (op.method === 'GET' && op.empty !== undefined) return c.json(op.empty as object);
      return dialect.notImitated(c, op);
    });
  }
  const methods = new Map<string, string[]>();
  for (const op of Object.values(table)) methods.set(op.path, [...(methods.get(op.path) ?? []), op.method]);
  for (const [path, allow] of methods) app.all(path, (c) => (dialect.methodNotAllowed ?? ((cc) => dialect.notFound(cc)))(c, path, allow));
}
