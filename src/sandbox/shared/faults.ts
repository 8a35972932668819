import { z } from 'zod';
import type { MiddlewareHandler } from 'hono';

/** Faults a test can inject into a sandbox service through the control endpoint. */
const Match = {
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** Regular expression tested against the path below the service's root. */
  path: z.string().max(200).optional(),
  count: z.number().int().min(1).max(1000).default(1),
};
export const FaultSpec = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('http'),
    status: z.number().int().min(400).max(599),
    retryAfter: z.number().min(0).max(3600).optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    /** The request is handled first (a write is done, its credits spent) and the error answered after: a gateway that failed on the way back. */
    afterHandling: z.boolean().optional(),
    ...Match,
  }),
  z.strictObject({ kind: z.literal('slow'), delayMs: z.number().int().min(1).max(60_000), ...Match }),
  z.strictObject({
    kind: z.literal('fail-task'),
    /** Which of the document's two known failure messages the next created task fails with. */
    reason: z.enum(['busy', 'internal']),
    count: z.number().int().min(1).max(100).default(1),
  }),
]);
export type FaultSpec = z.output<typeof FaultSpec>;

export type LoggedRequest = { at: number; method: string; path: string; status: number };

export class FaultBox {
  private faults: FaultSpec[] = [];
  private log: LoggedRequest[] = [];

  add(fault: FaultSpec) {
    this.faults.push({ ...fault });
  }

  clear() {
    this.faults = [];
  }

  requests(): LoggedRequest[] {
    return [...this.log];
  }

  clearRequests() {
    this.log = [];
  }

  /** Takes one pending task failure, if any. */
  takeTaskFailure(): 'busy' | 'internal' | null {
    const f = this.faults.find((x) => x.kind === 'fail-task');
    if (!f) return null;
    f.count -= 1;
    if (f.count <= 0) this.faults = this.faults.filter((x) => x !== f);
    return f.reason;
  }

  private take(method: string, path: string) {
    const f = this.faults.find(
      (x) => x.kind !== 'fail-task' && (!x.method || x.method === method) && (!x.path || new RegExp(x.path).test(path)),
    );
    if (!f || f.kind === 'fail-task') return null;
    f.count -= 1;
    if (f.count <= 0) this.faults = this.faults.filter((x) => x !== f);
    return f;
  }

  /** Logs every request and applies the first matching fault. `root` is the service's mount path. */
  middleware(root: string, errorBody: (status: number) => unknown): MiddlewareHandler {
    return async (c, next) => {
      const path = c.req.path.slice(root.length) || '/';
      const entry: LoggedRequest = { at: Date.now(), method: c.req.method, path, status: 0 };
      this.log.push(entry);
      if (this.log.length > 2000) this.log.splice(0, this.log.length - 2000);
      const fault = this.take(c.req.method, path);
      if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault?.kind === 'http') {
        const headers: Record<string, string> = {};
        if (fault.retryAfter !== undefined) headers['Retry-After'] = String(fault.retryAfter);
        const error = () => c.json(fault.body ?? errorBody(fault.status), fault.status as 500, headers);
        entry.status = fault.status;
        if (!fault.afterHandling) return error();
        // Handled, its answer dropped on the way back: the error stands in its place.
        await next();
        await c.res.body?.cancel();
        c.res = undefined as unknown as Response;
        c.res = error();
        return;
      }
      await next();
      entry.status = c.res.status;
    };
  }
}
