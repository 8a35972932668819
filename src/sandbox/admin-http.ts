import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type Next } from 'hono';
import { SandboxCreditsBody } from '../contracts/bff-bodies';
import { serviceIds, type ServiceId } from '../contracts/services';
import type { SandboxAdmin } from './admin';
import { jsonBody } from './shared/control';

/** Where the sandbox process serves its controls (the console's sandbox page calls them over HTTP). */
export const ADMIN_ROOT = '/sandbox/__admin';

/**
 * The console's sandbox controls (admin.ts) over HTTP, for a sandbox that runs as its own process
 * (`npm run sandbox`, README, Team mode): credits and reset of a service. With a token (derived
 * from the team's KEYS_SECRET), each call must bear it; without one, the process listens on
 * loopback only (main.ts).
 */
export function adminHttp(admin: SandboxAdmin, token: string | null) {
  const app = new Hono();
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  app.use('*', async (c: Context, next: Next) => {
    // JSON only: a page elsewhere cannot send it without asking first (a form or a no-cors request cannot).
    if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return c.json({ message: 'The sandbox controls take JSON (content-type: application/json).' }, 415);
    if (expected) {
      const given = Buffer.from(c.req.header('authorization') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return c.json({ message: 'The sandbox controls need the team’s token (KEYS_SECRET).' }, 401);
    }
    await next();
  });
  const service = (c: Context): ServiceId | null => {
    const name = c.req.param('service');
    return (serviceIds as readonly string[]).includes(name ?? '') ? (name as ServiceId) : null;
  };
  app.post('/credits/:service', async (c) => {
    const s = service(c);
    if (!s) return c.json({ message: `service must be one of ${serviceIds.join(', ')}` }, 404);
    const read = await jsonBody(c);
    if (read instanceof Response) return read;
    const change = SandboxCreditsBody.safeParse(read.value);
    if (!change.success) return c.json({ message: change.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') }, 400);
    if (!admin.hasCredits(s)) return c.json({ message: 'This sandbox keeps no credits.' }, 404);
    return c.json({ balance: admin.credits(s, change.data) });
  });
  app.post('/reset/:service', (c) => {
    const s = service(c);
    if (!s) return c.json({ message: `service must be one of ${serviceIds.join(', ')}` }, 404);
    return c.json(admin.reset(s));
  });
  return app;
}
