import { z } from 'zod';
import { services, type ServiceId } from '../contracts/services';
import { guardedFetch } from '../node-lib/guarded-fetch';
import type { SandboxPlace } from './connections/upstream';
import type { SandboxControls } from './sandbox-admin';

/** What the sandbox process's controls answer (its src/sandbox/admin-http.ts). */
const Balance = z.object({ balance: z.number().nullable() });

/**
 * The sandbox controls of a sandbox process (SANDBOX_URL), over HTTP with the team's token: the
 * same three calls the embedded sandbox answers in-process (sandbox-admin.ts). A refusal or an
 * answer it cannot read is an error the route reports (no retry: a reset is a write).
 */
export function remoteSandboxControls(place: SandboxPlace, token: string | null): SandboxControls {
  const post = async (path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await guardedFetch({ url: `${place.origin}/sandbox/__admin${path}`, method: 'POST', headers, body: JSON.stringify(body ?? {}) }, { policy: place.policy, kind: 'write', transport: place.transport });
    if (!res.ok) throw new Error(`the sandbox process answered ${res.status} to its controls`);
    const read = Balance.safeParse(await res.json());
    if (!read.success) throw new Error('the sandbox process answered its controls with something the console cannot read');
    return read.data.balance;
  };
  return {
    hasCredits: (service: ServiceId) => services[service].sandboxCredits,
    credits: (service, change) => post(`/credits/${service}`, change),
    reset: async (service) => ({ balance: await post(`/reset/${service}`) }),
  };
}

/** A page of the sandbox process for a browser (GET only): read under the sandbox's class (a) rules, sent on as it came, without cookies either way. */
export async function sandboxPage(place: SandboxPlace, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const res = await guardedFetch({ url: `${place.origin}${url.pathname}${url.search}`, method: 'GET', headers: { accept: req.headers.get('accept') ?? 'text/html' } }, { policy: place.policy, kind: 'read', transport: place.transport });
  const headers = new Headers();
  for (const name of ['content-type', 'cache-control', 'content-length']) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: res.status, headers });
}
