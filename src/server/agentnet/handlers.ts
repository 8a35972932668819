import { randomBytes } from 'node:crypto';
import { Agent, agentnetOps } from '../../contracts/agentnet';
import * as agentnetRoutes from '../../contracts/bff-routes/agentnet';
import { SANDBOX_INTERNAL_TOKEN } from '../../contracts/agentnet/sandbox-internal';
import { fillPath } from '../../contracts/routes';
import type { ConnectionSettings } from '../connections/settings';
import type { Upstreams } from '../connections/upstream';
import type { AreaHandlers } from '../http/bff-route';
import { apiError, fail } from '../http/errors';
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

/** A receiver's URL, on the origin the request came to. */
const hookUrl = (origin: string, hookId: string) => `${origin}${fillPath(agentnetRoutes.receiver.path, { hookId })}`;

/**
 * The BFF's own agent-network API (contracts/bff-routes/agentnet.ts): the A2A check, the owner
 * identity token (pasted live, issued by the sandbox owner sign-in), the webhook receivers and
 * their event log, and the outbound setting for private destinations. The area's other handlers:
 * the public receiver of subnet events (receiver.ts), forgetting an agent's key
 * (services/agentnet.ts).
 */
export function agentnetTools(deps: ToolsDeps): Omit<AreaHandlers<typeof agentnetRoutes>, 'receiver' | 'forgetIdentity'> {
  const { store, owners, settings, upstreams, hub, now } = deps;
  const deliver = operatorDeliver(store, deps.exampleHosts, deps.deliver, deps.allowPrivate);
  const outbound = () => outboundSetting(store, deps.allowPrivate ?? false);

  const ownerView = () => {
    const e = owners.get(deploymentOf(settings));
    return e ? { set: true, ownerId: e.ownerId, name: e.name, hint: e.token.slice(-4), expiresAt: e.expiresAt, setAt: e.setAt, source: e.source } : { set: false };
  };

  return {
    a2aCheck: async ({ body }, c) => {
      let url = body.url ?? null;
      let agentId: string | null = null;
      if (body.agent_id) {
        agentId = body.agent_id;
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
      const result = await a2aCheck(deliver, url as string, body.text ?? 'Hello from the Triptych console: this is an A2A check.');
      return { agentId, ...result };
    },

    // What the console paid for a pool task (its own record): the task page shows it and offers "pay again".
    taskPayments: async ({ params: { taskId } }) => {
      const { mode, baseUrl } = settings.get('agentnet');
      return { taskId, payments: await deps.taskPayments.forTask(deploymentAt(mode, baseUrl), taskId) };
    },

    // Both answer which switch allows private addresses: the page says it in words.
    outbound,
    setOutbound: async ({ body }) => {
      await store.setSetting(ALLOW_PRIVATE, body.allowPrivate ? '1' : '0');
      return outbound();
    },

    owner: ownerView,
    setOwner: ({ body }) => {
      const peek = peekToken(body.token);
      owners.set(deploymentOf(settings), { token: body.token, ownerId: peek.sub, name: peek.name, expiresAt: peek.exp, setAt: now(), source: 'pasted' });
      hub.publish({ type: 'identities' });
      return ownerView();
    },
    forgetOwner: () => {
      owners.forget(deploymentOf(settings));
      hub.publish({ type: 'identities' });
    },
    // The sandbox's stand-in for the identity provider: issues an owner token and keeps it here.
    ownerSignIn: async ({ body }, c) => {
      if (settings.get('agentnet').mode !== 'sandbox') return fail(c, apiError(409, 'live_mode', 'The owner sign-in belongs to the sandbox. Live, sign in on the service and paste the owner token instead.'));
      const res = await upstreams.current('agentnet', null).request('/owner/sign-in', { method: 'POST', body: JSON.stringify(body) });
      if (!res.ok) return fail(c, await upstreamError('agentnet', res));
      const signed = (await res.json()) as { owner_token: string; expires_in: number; owner: { id: string; name: string } };
      owners.set('sandbox', { token: signed.owner_token, ownerId: signed.owner.id, name: signed.owner.name, expiresAt: now() + signed.expires_in * 1000, setAt: now(), source: 'sandbox-sign-in' });
      hub.publish({ type: 'identities' });
      return ownerView();
    },

    // The service funds an org wallet by a backend top-up (an internal credential, not an agent key;
    // the wallet is created by the first one). The console holds that credential only for the sandbox.
    topUpOrg: async ({ params: { orgId }, body }, c) => {
      if (settings.get('agentnet').mode !== 'sandbox') {
        return fail(c, apiError(409, 'live_mode', "An org wallet is topped up by the service's backend with an internal credential, not with an agent key: the console cannot do it live. Ask the service's operators to fund the org."));
      }
      const upstream = upstreams.current('agentnet', null);
      let res: Response;
      try {
        res = await upstream.request(`/internal/orgs/${encodeURIComponent(orgId)}/wallet/top-up`, { method: 'POST', body: JSON.stringify(body), headers: { 'x-internal-token': SANDBOX_INTERNAL_TOKEN } });
      } catch (err) {
        return fail(c, unreachable('agentnet', upstream.baseUrl, err));
      }
      if (!res.ok) return fail(c, await upstreamError('agentnet', res));
      return c.json(await res.json());
    },

    hooks: async (_, c) => {
      const origin = new URL(c.req.url).origin;
      const hooks = await store.hooks();
      return {
        hooks: await Promise.all(
          hooks.map(async (h) => ({ hookId: h.hook_id, label: h.label, url: hookUrl(origin, h.hook_id), createdAt: h.created_at, secretHint: h.secret.slice(-4), deliveries: await store.deliveryCount(h.hook_id) })),
        ),
      };
    },
    // The secret is answered once, here; set it with the URL as the subnet's harness.
    createHook: async ({ body }, c) => {
      const hook = { hook_id: `hk_${randomBytes(6).toString('hex')}`, label: body.label ?? 'Subnet events', secret: `whsec_${randomBytes(24).toString('base64url')}`, created_at: now() };
      await store.addHook(hook);
      return { hookId: hook.hook_id, label: hook.label, url: hookUrl(new URL(c.req.url).origin, hook.hook_id), secret: hook.secret, createdAt: hook.created_at };
    },
    removeHook: async ({ params }, c) => ((await store.removeHook(params.hookId)) ? undefined : fail(c, apiError(404, 'not_found', 'No such receiver.'))),
    hookEvents: async ({ query }) => ({ deliveries: await store.deliveries({ event: query.event, hookId: query.hookId, before: query.before ? Number(query.before) : undefined, limit: query.limit }) }),
  };
}
