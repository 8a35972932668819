import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { A2aCheckRequest, Agent, agentnetOps, OrgTopUp, type A2aCheckResult, type TaskPayments as TaskPaymentsAnswer } from '../../contracts/agentnet';
import { RESOURCE_ID } from '../../contracts/agentnet/op';
import { SANDBOX_INTERNAL_TOKEN } from '../../contracts/agentnet/sandbox-internal';
import { fillPath } from '../../contracts/routes';
import type { ConnectionSettings } from '../connections/settings';
import type { Upstreams } from '../connections/upstream';
import { apiError, fail } from '../http/errors';
import { readJson } from '../http/input';
import { upstreamError, unreachable } from '../connections/describe';
import type { EventHub } from '../events/hub';
import type { Deliver } from '../../node-lib/deliver';
import { a2aCheck } from './a2a-check';
import { ALLOW_PRIVATE, operatorDeliver, outboundSetting, type ExampleHosts } from './outbound';
import { peekToken, type OwnerTokens } from './owner-token';
import type { AgentnetStore } from './store';
import { deploymentAt, type TaskPayments } from './task-payments';

export type ToolsDeps = { store: AgentnetStore; owners: OwnerTokens; taskPayments: TaskPayments; settings: ConnectionSettings; upstreams: Upstreams; hub: EventHub; now: () => number; exampleHosts: ExampleHosts; deliver?: Deliver; allowPrivate?: boolean };

/** Sandbox owner tokens are not tied to a base URL. */
export const deploymentOf = (settings: ConnectionSettings) => {
  const s = settings.get('agentnet');
  return s.mode === 'sandbox' ? 'sandbox' : s.baseUrl;
};

const OwnerPut = z.strictObject({ token: z.string().trim().min(20, 'The owner token looks too short').max(8192) });
const SignIn = z.strictObject({ name: z.string().trim().min(1, 'Say who signs in').max(120), email: z.string().trim().max(200).optional() });
const HookCreate = z.strictObject({ label: z.string().trim().max(120).optional() });
const Outbound = z.strictObject({ allowPrivate: z.boolean() });

const NOTHING_DONE = 'Nothing was done';

/**
 * The BFF's own agent-network API under /api/agentnet: the A2A check, the owner identity token
 * (pasted live, issued by the sandbox owner sign-in), the webhook receivers and their event log,
 * and the outbound setting for private destinations.
 */
export function createAgentnetTools(deps: ToolsDeps) {
  const { store, owners, settings, upstreams, hub, now } = deps;
  const deliver = operatorDeliver(store, deps.exampleHosts, deps.deliver, deps.allowPrivate);
  const app = new Hono();

  const ownerView = () => {
    const e = owners.get(deploymentOf(settings));
    return e ? { set: true, ownerId: e.ownerId, name: e.name, hint: e.token.slice(-4), expiresAt: e.expiresAt, setAt: e.setAt, source: e.source } : { set: false };
  };

  app.post('/a2a-check', async (c) => {
    const body = await readJson(c, A2aCheckRequest, 'Nothing was checked');
    if (!body.ok) return fail(c, body.error);
    let url = body.value.url ?? null;
    let agentId: string | null = null;
    if (body.value.agent_id) {
      agentId = body.value.agent_id;
      const upstream = upstreams.current('agentnet', null);
      let res: Response;
      try {
        res = await upstream.request(fillPath(agentnetOps['agents.get'].path, { id: agentId }));
      } catch (err) {
        return fail(c, unreachable('agentnet', upstream.baseUrl, err));
      }
      if (!res.ok) return fail(c, await upstreamError('agentnet', res));
      const agent = Agent.safeParse(await res.json());
      url = agent.success ? agent.data.endpoint : null;
      if (!url) return fail(c, apiError(400, 'no_endpoint', `Agent ${agentId} has no endpoint to check: it is reached by relay or pull. Set an endpoint first.`, { field: 'agent_id' }));
    }
    const result = await a2aCheck(deliver, url as string, body.value.text ?? 'Hello from the Triptych console: this is an A2A check.');
    return c.json({ agentId, ...result } satisfies A2aCheckResult);
  });

  // What the console paid for a pool task (its own record): the task page shows it and offers "pay again".
  app.get('/tasks/:taskId/payments', async (c) => {
    const taskId = c.req.param('taskId');
    if (!RESOURCE_ID.test(taskId)) return fail(c, apiError(400, 'invalid_input', 'A task id has 1 to 120 letters, digits or . _ : -.', { field: 'taskId' }));
    const { mode, baseUrl } = settings.get('agentnet');
    return c.json({ taskId, payments: await deps.taskPayments.forTask(deploymentAt(mode, baseUrl), taskId) } satisfies TaskPaymentsAnswer);
  });

  // Both answer which switch allows private addresses: the page says it in words.
  app.get('/outbound', (c) => c.json(outboundSetting(store, deps.allowPrivate ?? false)));
  app.put('/outbound', async (c) => {
    const body = await readJson(c, Outbound, NOTHING_DONE);
    if (!body.ok) return fail(c, body.error);
    await store.setSetting(ALLOW_PRIVATE, body.value.allowPrivate ? '1' : '0');
    return c.json(outboundSetting(store, deps.allowPrivate ?? false));
  });

  app.get('/owner', (c) => c.json(ownerView()));
  app.put('/owner', async (c) => {
    const body = await readJson(c, OwnerPut, NOTHING_DONE);
    if (!body.ok) return fail(c, body.error);
    const peek = peekToken(body.value.token);
    owners.set(deploymentOf(settings), { token: body.value.token, ownerId: peek.sub, name: peek.name, expiresAt: peek.exp, setAt: now(), source: 'pasted' });
    hub.publish({ type: 'identities' });
    return c.json(ownerView());
  });
  app.delete('/owner', (c) => {
    owners.forget(deploymentOf(settings));
    hub.publish({ type: 'identities' });
    return c.body(null, 204);
  });
  // The sandbox's stand-in for the identity provider: issues an owner token and keeps it here.
  app.post('/owner/sign-in', async (c) => {
    if (settings.get('agentnet').mode !== 'sandbox') return fail(c, apiError(409, 'live_mode', 'The owner sign-in belongs to the sandbox. Live, sign in on the service and paste the owner token instead.'));
    const body = await readJson(c, SignIn, NOTHING_DONE);
    if (!body.ok) return fail(c, body.error);
    const res = await upstreams.current('agentnet', null).request('/owner/sign-in', { method: 'POST', body: JSON.stringify(body.value) });
    if (!res.ok) return fail(c, await upstreamError('agentnet', res));
    const signed = (await res.json()) as { owner_token: string; expires_in: number; owner: { id: string; name: string } };
    owners.set('sandbox', { token: signed.owner_token, ownerId: signed.owner.id, name: signed.owner.name, expiresAt: now() + signed.expires_in * 1000, setAt: now(), source: 'sandbox-sign-in' });
    hub.publish({ type: 'identities' });
    return c.json(ownerView());
  });

  // The service funds an org wallet by a backend top-up (an internal credential, not an agent key;
  // the wallet is created by the first one). The console holds that credential only for the sandbox.
  app.post('/orgs/:orgId/wallet/top-up', async (c) => {
    if (settings.get('agentnet').mode !== 'sandbox') {
      return fail(c, apiError(409, 'live_mode', "An org wallet is topped up by the service's backend with an internal credential, not with an agent key: the console cannot do it live. Ask the service's operators to fund the org."));
    }
    const orgId = c.req.param('orgId');
    if (!RESOURCE_ID.test(orgId)) return fail(c, apiError(400, 'invalid_input', 'An org id has 1 to 120 letters, digits or . _ : -.', { field: 'orgId' }));
    const body = await readJson(c, OrgTopUp, NOTHING_DONE);
    if (!body.ok) return fail(c, body.error);
    const upstream = upstreams.current('agentnet', null);
    let res: Response;
    try {
      res = await upstream.request(`/internal/orgs/${encodeURIComponent(orgId)}/wallet/top-up`, { method: 'POST', body: JSON.stringify(body.value), headers: { 'x-internal-token': SANDBOX_INTERNAL_TOKEN } });
    } catch (err) {
      return fail(c, unreachable('agentnet', upstream.baseUrl, err));
    }
    if (!res.ok) return fail(c, await upstreamError('agentnet', res));
    return c.json(await res.json());
  });

  app.get('/hooks', async (c) => {
    const origin = new URL(c.req.url).origin;
    const hooks = [];
    for (const h of await store.hooks()) {
      hooks.push({ hookId: h.hook_id, label: h.label, url: `${origin}/api/hooks/agentnet/${h.hook_id}`, createdAt: h.created_at, secretHint: h.secret.slice(-4), deliveries: await store.deliveryCount(h.hook_id) });
    }
    return c.json({ hooks });
  });
  // The secret is answered once, here; set it with the URL as the subnet's harness.
  app.post('/hooks', async (c) => {
    const body = await readJson(c, HookCreate, NOTHING_DONE, { empty: {} });
    if (!body.ok) return fail(c, body.error);
    const hook = { hook_id: `hk_${randomBytes(6).toString('hex')}`, label: body.value.label ?? 'Subnet events', secret: `whsec_${randomBytes(24).toString('base64url')}`, created_at: now() };
    await store.addHook(hook);
    const url = `${new URL(c.req.url).origin}/api/hooks/agentnet/${hook.hook_id}`;
    return c.json({ hookId: hook.hook_id, label: hook.label, url, secret: hook.secret, createdAt: hook.created_at }, 201);
  });
  app.delete('/hooks/:hookId', async (c) => ((await store.removeHook(c.req.param('hookId'))) ? c.body(null, 204) : fail(c, apiError(404, 'not_found', 'No such receiver.'))));
  app.get('/hooks/events', async (c) => {
    const q = c.req.query();
    const limit = Math.min(500, Math.max(1, Number(q.limit ?? 100) || 100));
    return c.json({ deliveries: await store.deliveries({ event: q.event, hookId: q.hookId, before: q.before ? Number(q.before) : undefined, limit }) });
  });

  return app;
}
