import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { FaultSpec, type FaultBox } from './faults';
import type { SandboxClock } from './clock';
import type { Gen3dStore } from '../gen3d/store/store';
import { accountOf } from '../gen3d/accounts';
import { readCapped, sizeWords } from '../../node-lib/capped-body';

/** The largest control body (a fault with the error body it answers). */
const CONTROL_MAX_BODY = 64 * 1024;

/** A control's JSON body (null when it is not JSON), or the 413 answer when it passes CONTROL_MAX_BODY. */
export async function jsonBody(c: Context): Promise<{ value: unknown } | Response> {
  const text = await readCapped(c.req.raw, CONTROL_MAX_BODY);
  if (text === null) return c.json({ message: `body: a control takes at most ${sizeWords(CONTROL_MAX_BODY)}; nothing was changed` }, 413);
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { value: null };
  }
}

const ServiceName = z.enum(['gen3d', 'social', 'agentnet']);

/**
 * Test-only control of the sandbox: inject faults, read the request log, move the clock, set a
 * balance. Mounted only when SANDBOX_CONTROL=1, and never reachable through the BFF's /api.
 */
export function createControl(deps: { faults: Record<z.infer<typeof ServiceName>, FaultBox>; clock: SandboxClock; gen3d: Gen3dStore }) {
  const app = new Hono();
  const bad = (error: z.ZodError) => ({ message: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });

  app.post('/:service/faults', async (c) => {
    const service = ServiceName.safeParse(c.req.param('service'));
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const fault = FaultSpec.safeParse(read.value);
    if (!service.success) return c.json(bad(service.error), 404);
    if (!fault.success) return c.json(bad(fault.error), 400);
    deps.faults[service.data].add(fault.data);
    return c.json({ ok: true });
  });

  app.delete('/:service/faults', (c) => {
    const service = ServiceName.safeParse(c.req.param('service'));
    if (!service.success) return c.json(bad(service.error), 404);
    deps.faults[service.data].clear();
    return c.json({ ok: true });
  });

  app.get('/:service/requests', (c) => {
    const service = ServiceName.safeParse(c.req.param('service'));
    if (!service.success) return c.json(bad(service.error), 404);
    return c.json({ requests: deps.faults[service.data].requests() });
  });

  app.post('/clock', async (c) => {
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const body = z.strictObject({ advanceMs: z.number().int().min(0) }).safeParse(read.value);
    if (!body.success) return c.json(bad(body.error), 400);
    return c.json({ now: deps.clock.advance(body.data.advanceMs) });
  });

  app.post('/gen3d/balance', async (c) => {
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const body = z.strictObject({ key: z.string().min(5), balance: z.number().int().min(0) }).safeParse(read.value);
    if (!body.success) return c.json(bad(body.error), 400);
    deps.gen3d.setBalance(accountOf(body.data.key), body.data.balance, deps.clock.now());
    return c.json({ ok: true });
  });

  /** Declares a task's face count (face-count refusals are tested with small meshes and declared counts). */
  app.post('/gen3d/tasks/:id/face-count', async (c) => {
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const body = z.strictObject({ face_count: z.number().int().min(0) }).safeParse(read.value);
    if (!body.success) return c.json(bad(body.error), 400);
    deps.gen3d.declareFaces(c.req.param('id'), body.data.face_count);
    return c.json({ ok: true });
  });

  return app;
}
