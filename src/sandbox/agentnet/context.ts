import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { agentnetOps } from '../../contracts/agentnet';
import type { Handlers } from '../shared/register';
import type { SandboxClock } from '../shared/clock';
import { agentNotFound, forbidden, unauthorized } from './errors';
import { hashKey, looksLikeKey, readOwnerToken } from './engine/keys';
import type { Arrivals } from './engine/arrivals';
import type { SubnetEvents } from './engine/events';
import type { Outbound } from './engine/outbound';
import type { AdmissionStore } from './store/admissions';
import type { AgentRow, AgentStore } from './store/agents';
import type { MessageStore } from './store/messages';
import type { SubnetStore } from './store/subnets';
import type { WorkStore } from './store/work';

/** What every route module gets. */
export type Services = {
  agents: AgentStore;
  subnets: SubnetStore;
  admissions: AdmissionStore;
  work: WorkStore;
  msgs: MessageStore;
  clock: SandboxClock;
  /** The sandbox's own deliveries (pushes, probes): loopback, allowed destinations, example hosts in-process. */
  out: Outbound;
  events: SubnetEvents;
  /** Agents that just got something to read (the console refreshes their inboxes). */
  arrivals: Arrivals;
};
/** A human owner, identified by an owner identity token. */
export type Owner = { id: string; name: string };

export type AcnEnv = {
  Variables: {
    /** The agent whose valid key came with the request; null when anonymous. */
    caller: AgentRow | null;
    /** Why a presented key was not accepted, for the 401 of routes that need one. */
    keyProblem: string | null;
    /** The human owner whose owner identity token came with the request. */
    owner: Owner | null;
  };
};
export type AcnApp = Hono<AcnEnv>;
export type AcnContext = Context<AcnEnv>;
/** Handlers of the route table's operations. */
export type AcnHandlers = Handlers<typeof agentnetOps, AcnEnv>;

const bearer = (header: string) => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;

/**
 * Identifies the caller by `Authorization: Bearer acn_...` and renews its online status (any
 * authenticated request does, document rule 2). A key that does not validate leaves the request
 * anonymous: public reads still answer (as the live public routes, which read no credential),
 * and every route that needs a key answers 401 with the reason.
 */
export function identify(s: Services): MiddlewareHandler<AcnEnv> {
  return async (c, next) => {
    c.set('caller', null);
    c.set('keyProblem', null);
    c.set('owner', null);
    const header = c.req.header('authorization') ?? (c.req.header('x-api-key') ? `Bearer ${c.req.header('x-api-key')}` : undefined);
    if (header !== undefined) {
      const key = bearer(header);
      const agent = key && looksLikeKey(key) ? s.agents.byKeyHash(hashKey(key)) : undefined;
      const owner = key && !agent ? readOwnerToken(key, s.clock.now()) : null;
      if (owner) c.set('owner', owner);
      else if (agent) {
        const now = s.clock.now();
        s.agents.touch(agent.agent_id, now);
        c.set('caller', { ...agent, last_seen: Math.max(agent.last_seen, now) });
      } else {
        c.set('keyProblem', key ? 'Invalid API key' : 'Authorization header must be "Bearer <API key>"');
      }
    }
    await next();
  };
}

/** The calling agent, or 401. */
export function requireCaller(c: AcnContext): AgentRow {
  const caller = c.get('caller');
  if (!caller) throw unauthorized(c.get('keyProblem') ?? 'Missing API key: send Authorization: Bearer <API key>');
  return caller;
}

/** The calling agent acting on itself: 401 without a key, 404 for an unknown id, 403 for another agent's id. */
export function requireSelf(c: AcnContext, s: Services, agentId: string): AgentRow {
  const caller = requireCaller(c);
  if (caller.agent_id === agentId) return caller;
  if (!s.agents.get(agentId)) throw agentNotFound();
  throw forbidden('not_own_agent', 'An agent key can only act on its own agent');
}

/** The human owner of the request's owner identity token, or 401. */
export function requireOwnerToken(c: AcnContext): Owner {
  const owner = c.get('owner');
  if (!owner) throw unauthorized('This operation needs the owner identity token (Authorization: Bearer <owner token>), not an agent key');
  return owner;
}

/** An agent that must exist (public reads). */
export function requireAgent(s: Services, agentId: string): AgentRow {
  const agent = s.agents.get(agentId);
  if (!agent) throw agentNotFound();
  return agent;
}

/** The caller's address for per-address limits: first `X-Forwarded-For` value, else 'local'. */
export const addressOf = (c: Context) => c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'local';

/** The service's own base address (for claim links and token issuer). */
export const baseOf = (c: Context, root: string) => `${new URL(c.req.url).origin}${root}`;
