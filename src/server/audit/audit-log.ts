import type { MiddlewareHandler } from 'hono';
import type { AuditEntry, AuditPage } from '../../contracts/audit';
import { decodeCursor, encodeCursor } from '../../node-lib/keyset';
import type { TriptychDb } from '../store/db';

declare module 'hono' {
  interface ContextVariableMap {
    /** The spend ledger's row of the write this request made (proxy/handlers.ts), for the audit log. */
    spendId: number;
  }
}

/** The longest path the log keeps (a path is at most a few hundred characters; a longer one is cut). */
const MAX_PATH = 500;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The audit log (README, Team mode): every write made through the console, kept in the database
 * beside the ledger (`audit`): who (the signed-in operator, or nobody on a console without
 * sign-in), when, the method and path, the console's answer (refusals included) and the spend row
 * of a write that spent. Webhook deliveries to the console are the services' writes, logged where
 * they are received; the sandbox's test controls are not the operator's.
 */
export class AuditLog {
  constructor(
    private readonly db: TriptychDb,
    private readonly now: () => number,
  ) {}

  /** Records what a write request got, after it is answered. */
  readonly middleware: MiddlewareHandler = async (c, next) => {
    await next();
    const path = c.req.path;
    if (READS.has(c.req.method) || !(path.startsWith('/api/') || path.startsWith('/sandbox/')) || path.startsWith('/api/hooks/') || path.startsWith('/sandbox/__control')) return;
    const operator = c.get('operator') as { email: string; role: string } | undefined;
    try {
      await this.db.q
        .insertInto('audit')
        .values({ at: this.now(), actor: operator?.email ?? null, role: operator?.role ?? null, method: c.req.method, path: path.slice(0, MAX_PATH), status: c.res.status, spend_id: c.get('spendId') ?? null })
        .execute();
    } catch (err) {
      // The answer has gone already; a write the log missed is said in the server's log.
      console.error('The audit log could not record %s %s: %s', c.req.method, path.slice(0, MAX_PATH), (err as Error).message);
    }
  };

  /** The log, newest first, a page at a time; null when the cursor is not one this console gave. */
  async list(q: { actor?: string; outcome?: 'done' | 'refused'; spent?: '1'; cursor?: string; limit?: number }): Promise<AuditPage | null> {
    const limit = q.limit ?? 50;
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !after) return null;
    let query = this.db.q
      .selectFrom('audit')
      .leftJoin('spends', 'spends.id', 'audit.spend_id')
      .select([
        'audit.id',
        'audit.at',
        'audit.actor',
        'audit.role',
        'audit.method',
        'audit.path',
        'audit.status',
        'audit.spend_id',
        'spends.service',
        'spends.operation',
        'spends.unit',
        'spends.reserved',
        'spends.actual',
        'spends.status as spend_status',
      ]);
    if (q.actor) query = query.where('audit.actor', '=', q.actor.trim().toLowerCase());
    if (q.outcome === 'done') query = query.where('audit.status', '<', 400);
    if (q.outcome === 'refused') query = query.where('audit.status', '>=', 400);
    if (q.spent) query = query.where('audit.spend_id', 'is not', null);
    if (after) {
      const [at, id] = after;
      query = query.where('audit.at', '<=', at).where((eb) => eb.or([eb('audit.at', '<', at), eb('audit.id', '<', Number(id))]));
    }
    const rows = await query.orderBy('audit.at', 'desc').orderBy('audit.id', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const entries: AuditEntry[] = page.map((r) => ({
      id: r.id,
      at: r.at,
      actor: r.actor,
      role: r.role,
      method: r.method,
      path: r.path,
      status: r.status,
      spend:
        r.spend_id !== null && r.service !== null && r.operation !== null && r.unit !== null && r.reserved !== null && r.spend_status !== null
          ? { id: r.spend_id, service: r.service, operation: r.operation, unit: r.unit, reserved: r.reserved, actual: r.actual, status: r.spend_status }
          : null,
    }));
    return { entries, nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null };
  }
}
