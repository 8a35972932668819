import { Hono } from 'hono';
import { z } from 'zod';
import { FaultSpec, type FaultBox } from './faults';
import type { SandboxClock } from './clock';
import type { Gen3dStore } from '../gen3d/store/store';
import { accountOf } from '../gen3d/accounts';

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
    const fault = FaultSpec.safeParse(await c.req.json().catch(() => null));
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
    const body = z.strictObject({ advanceMs: z.number().int().min(0) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json(bad(body.error), 400);
    return c.json({ now: deps.clock.advance(body.data.advanceMs) });
  });

  app.post('/gen3d/balance', async (c) => {
    const body = z.strictObject({ key: z.string().min(5), balance: z.number().int().min(0) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json(bad(body.error), 400);
    deps.gen3d.setBalance(accountOf(body.data.key), body.data.balance, deps.clock.now());
    return c.json({ ok: true });
  });

  /** Declares a task's face count (face-count refusals are tested with small meshes and declared counts). */
  app.post('/gen3d/tasks/:id/face-count', async (c) => {
    const body = z.strictObject({ face_count: z.number().int().min(0) }).safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json(bad(body.error), 400);
    deps.gen3d.declareFaces(c.req.param('id'), body.data.face_count);
    return c.json({ ok: true });
  });

  return app;
}
