import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, sql, type CompiledQuery, type Dialect, type Transaction } from 'kysely';
import type { SqlDialect } from './dialect';

type Scope<DB> = { trx: Transaction<DB>; open: boolean };

/**
 * One database of the server under kysely: `q` is the query builder every store uses, and
 * `transaction` runs a piece of work atomically. Inside `transaction`, `q` is that transaction,
 * whichever store asks (an answer and its ledger rows are written by several stores together);
 * a transaction inside another joins it. On SQLite the one connection is handed to one
 * transaction at a time (store/sqlite.ts), so transactions run one after another and never
 * interleave.
 */
export class Db<DB> {
  private readonly scope = new AsyncLocalStorage<Scope<DB>>();

  constructor(
    readonly root: Kysely<DB>,
    readonly dialect: SqlDialect,
  ) {}

  /** The transaction this code runs in, else the database. */
  get q(): Kysely<DB> {
    const scope = this.scope.getStore();
    return scope?.open ? scope.trx : this.root;
  }

  /**
   * Runs `fn` in one transaction: everything it writes through `q` is committed together, or
   * nothing when it throws. Work `fn` starts and leaves running (a watcher) uses the database
   * once `fn` is done.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()?.open) return fn();
    return this.root.transaction().execute(async (trx) => {
      const scope: Scope<DB> = { trx, open: true };
      try {
        return await this.scope.run(scope, fn);
      } finally {
        scope.open = false;
      }
    });
  }

  /** Whether the database answers (the health check). */
  async answers(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.root);
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.root.destroy();
  }
}

/** A kysely instance on `dialect`; `log` sees each query run (tests). */
export const kyselyOn = <DB>(dialect: Dialect, log?: (query: CompiledQuery) => void): Kysely<DB> =>
  new Kysely<DB>({ dialect, log: log && ((event) => (event.level === 'query' ? log(event.query) : undefined)) });
