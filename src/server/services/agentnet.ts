import { SANDBOX_ORIGIN } from '../connections/upstream';
import { ACT_AS_HEADER, ACT_AS_OWNER_HEADER, type Identity } from '../../contracts/bff';
import { OwnerTokens } from '../agentnet/owner-token';
import { agentnetRoutes, JoinResponse } from '../../contracts/agentnet';
import type { forgetIdentity } from '../../contracts/bff-routes/agentnet';
import type { identities } from '../../contracts/bff-routes/shell';
import type { BffHandler } from '../http/bff-route';
import type { Keyring } from '../connections/keyring';
import type { ConnectionSettings } from '../connections/settings';
import { chargeFrom, refFrom } from '../spend/finders';
import type { Exchange, ServiceAdapter } from '../proxy/adapter';
import type { EventHub } from '../events/hub';
import { deploymentAt, type TaskPayments } from '../agentnet/task-payments';

type Deps = { keyring: Keyring; settings: ConnectionSettings; hub: EventHub; now: () => number; dataDir?: string; taskPayments?: TaskPayments; /** The sandbox's origin (Upstreams.sandboxOrigin): its links are made the console's. */ sandboxOrigin?: string };

/** Answers the keyring learns from: a new key, a rotated key (also by a transfer claim), a deletion, a new name. */
const keyBearing = new Set(['join', 'agents.rotateKey', 'agents.deletion.request', 'agents.profile', 'agents.claim', 'agents.deletion.confirm']);
/** Operations that take the human owner's identity token, never an agent key (document, Authentication). */
const OWNER_PATHS = /\/api\/v1\/agents\/[^/]+\/(claim|transfer-invite|transfer-invite\/cancel|deletion-request\/confirm)$/;

/** Writes that give another agent something to read (an inbox message, a notification, a session change). */
const messaging = new Set(['messages.send', 'messages.notify', 'messages.broadcast', 'messages.broadcastByTag', 'sessions.invite', 'sessions.accept', 'sessions.reject']);

/** The agents a messaging write reached, as far as its request and answer say (a broadcast: anyone). */
function reached(x: Exchange, json: unknown): string[] | 'any' {
  if (x.route.id === 'messages.broadcast' || x.route.id === 'messages.broadcastByTag') return 'any';
  const answer = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const ids = [x.body?.target_agent, x.body?.to_agent, x.params.target, answer.target_agent, answer.inviter_id, answer.invitee_id];
  return ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
}

/** Sandbox identities are not tied to a base URL. */
const deployment = (settings: ConnectionSettings) => {
  const s = settings.get('agentnet');
  return { mode: s.mode, baseUrl: s.mode === 'sandbox' ? 'sandbox' : s.baseUrl };
};

/**
 * The agent network in the proxy. Keys are per agent: a request carries the key of the agent named
 * in `x-act-as` (none: anonymous). The join answer's key (and a rotated key) is kept in the
 * keyring as the answer passes; the browser sees it in that one answer only.
 */
export function agentnetAdapter({ keyring, settings, hub, now, dataDir, taskPayments, sandboxOrigin = SANDBOX_ORIGIN }: Deps): ServiceAdapter {
  const owners = dataDir ? new OwnerTokens(dataDir) : null;
  return {
    routes: agentnetRoutes,
    keyFor(c) {
      if (c.req.method !== 'GET' && (OWNER_PATHS.test(c.req.path) || c.req.header(ACT_AS_OWNER_HEADER) === '1')) {
        const { mode, baseUrl } = deployment(settings);
        const owner = owners?.get(mode === 'sandbox' ? 'sandbox' : baseUrl);
        if (owner) return { key: owner.token };
        return {
          error: {
            status: 400,
            code: 'no_owner_token',
            field: null,
            message:
              mode === 'sandbox'
                ? 'This needs the owner identity token and the console holds none: sign in as the owner (sandbox owner sign-in) first.'
                : "This needs the owner identity token and the console holds none: paste the owner token from the service's site first.",
            retryAfter: null,
          },
        };
      }
      const actAs = c.req.header(ACT_AS_HEADER);
      if (!actAs) return { key: null };
      const { mode, baseUrl } = deployment(settings);
      const key = keyring.agentKey(actAs, mode, baseUrl);
      if (key) return { key };
      return {
        error: {
          status: 400,
          code: 'unknown_identity',
          field: ACT_AS_HEADER,
          message: `The console holds no key for agent ${actAs} on this deployment. Join the agent from the console, or choose another agent to act as.`,
          retryAfter: null,
        },
      };
    },
    answerMode: (op) => (keyBearing.has(op.id) || messaging.has(op.id) ? 'json' : 'pass'),
    spendRef: refFrom('task_id', 'id'),
    // A payment's answer names the amount paid; escrows and fees stay at their price.
    // A second payment for a pool task the console paid (or is paying) needs its reason.
    refuseSpend: async (op, body, at) => (op.id === 'payments.create' && taskPayments ? taskPayments.refusal(deploymentAt(at.mode, at.baseUrl), body) : null),
    spendCharge: (json, x) => (x.route.id === 'payments.create' ? chargeFrom('amount')(json) : null),
    async answer(json, x) {
      const { mode, baseUrl } = deployment(settings);
      if (x.route.id === 'payments.create') await taskPayments?.record(deploymentAt(x.mode, x.baseUrl), x.body, json, x.spendId, now());
      // Live, the console's own agents that a message sent here reached see it at once (the
      // sandbox reports its deliveries itself, from outside senders too).
      if (mode !== 'sandbox' && messaging.has(x.route.id)) {
        const to = reached(x, json);
        const ids = keyring.agents(mode, baseUrl).map((a) => a.agentId).filter((id) => to === 'any' || to.includes(id));
        if (ids.length > 0) hub.publish({ type: 'agentnet-message', agentIds: ids });
      }
      if (x.route.id === 'join') {
        const joined = JoinResponse.safeParse(json);
        if (joined.success) {
          await keyring.putAgent({ agentId: joined.data.agentId, name: String(x.body?.name ?? joined.data.agentId), key: joined.data.apiKey, mode, baseUrl, addedAt: now() });
          hub.publish({ type: 'identities' });
        }
        // The embedded sandbox's links (claim page) point at its in-process origin: make them the console's.
        if (mode === 'sandbox' && json && typeof json === 'object') {
          const claim = (json as { claim_url?: unknown }).claim_url;
          if (typeof claim === 'string' && claim.startsWith(sandboxOrigin)) return { ...json, claim_url: x.origin + claim.slice(sandboxOrigin.length) };
        }
      } else if (x.route.id === 'agents.rotateKey') {
        const rotated = JoinResponse.safeParse({ agent_id: x.params.id, ...(json as object) });
        const current = keyring.agents(mode, baseUrl).find((a) => a.agentId === x.params.id);
        if (rotated.success && current) {
          await keyring.putAgent({ ...current, key: rotated.data.apiKey });
          hub.publish({ type: 'identities' });
        }
      } else if (x.route.id === 'agents.claim' && typeof (json as { api_key?: unknown })?.api_key === 'string') {
        // A transfer claim: the agent is ours now, with a new key (the old one is invalidated).
        const current = keyring.agents(mode, baseUrl).find((a) => a.agentId === x.params.id);
        await keyring.putAgent({ agentId: x.params.id ?? '', name: current?.name ?? x.params.id ?? '', key: (json as { api_key: string }).api_key, mode, baseUrl, addedAt: current?.addedAt ?? now() });
        hub.publish({ type: 'identities' });
        const { api_key: _key, ...rest } = json as Record<string, unknown>;
        return { ...rest, api_key_kept: true };
      } else if ((x.route.id === 'agents.deletion.request' || x.route.id === 'agents.deletion.confirm') && (json as { status?: unknown })?.status === 'deleted') {
        await keyring.forgetAgent(x.params.id ?? '', mode, baseUrl);
        hub.publish({ type: 'identities' });
      } else if (x.route.id === 'agents.profile' && typeof x.body?.name === 'string') {
        const current = keyring.agents(mode, baseUrl).find((a) => a.agentId === x.params.id);
        if (current) await keyring.putAgent({ ...current, name: x.body.name });
        hub.publish({ type: 'identities' });
      }
      return json;
    },
  };
}

/**
 * Who the console can act as: the agents it holds a key for (contracts/bff-routes/shell.ts,
 * `identities`), and forgetting one's key (bff-routes/agentnet.ts, `forgetIdentity`).
 */
export function identityHandlers({ keyring, settings, hub }: Deps): { list: BffHandler<typeof identities>; forget: BffHandler<typeof forgetIdentity> } {
  return {
    list: () => {
      const { mode, baseUrl } = deployment(settings);
      const identities: Identity[] = keyring
        .agents(mode, baseUrl)
        .map((a) => ({ agentId: a.agentId, name: a.name, keyHint: a.key.slice(-4), addedAt: a.addedAt }))
        .sort((a, b) => b.addedAt - a.addedAt);
      return { identities };
    },
    forget: async ({ params }) => {
      const { mode, baseUrl } = deployment(settings);
      await keyring.forgetAgent(params.agentId, mode, baseUrl);
      hub.publish({ type: 'identities' });
    },
  };
}
