import { A2aCheckRequest, A2aCheckResult, OutboundSetting } from '../agentnet/a2a-check';
import { HookCreate, HookCreated, HookDeliveries, HookEventsQuery, HookList, OutboundPut, OwnerPut, OwnerSignIn, OwnerView } from '../agentnet/console';
import { RESOURCE_ID } from '../agentnet/op';
import { OrgWallet } from '../agentnet/records-work';
import { OrgTopUp } from '../agentnet/requests-work';
import { TaskPayments } from '../agentnet/task-payments';
import { Params, PathParam } from '../query';
import { z } from '../zod';
import { bffRoute } from './route';

/**
 * What the console adds for the agent network (route.ts says what an entry holds): forgetting an
 * agent's key (the agents it holds: shell.ts), the A2A check and its outbound setting, the owner identity token, an org wallet's top-up
 * (sandbox), what it paid for a pool task, and the receivers of subnet events with their log.
 */

const NOTHING_DONE = 'Nothing was done';

/** Forgets the key the console holds for an agent (the agent itself is untouched). */
export const forgetIdentity = bffRoute({ method: 'DELETE', path: '/api/identities/agentnet/:agentId', params: Params({ agentId: z.string() }) });

/** A real A2A `message/send` to an agent's endpoint (or a URL), judged rule by rule. */
export const a2aCheck = bffRoute({ method: 'POST', path: '/api/agentnet/a2a-check', body: A2aCheckRequest, answer: A2aCheckResult, refused: 'Nothing was checked' });
/** Which switch allows private destinations now (both answer it). */
export const outbound = bffRoute({ method: 'GET', path: '/api/agentnet/outbound', answer: OutboundSetting });
export const setOutbound = bffRoute({ role: 'admin', method: 'PUT', path: '/api/agentnet/outbound', body: OutboundPut, answer: OutboundSetting, refused: NOTHING_DONE });

export const owner = bffRoute({ method: 'GET', path: '/api/agentnet/owner', answer: OwnerView });
/** Keeps a pasted owner token. */
export const setOwner = bffRoute({ role: 'admin', method: 'PUT', path: '/api/agentnet/owner', body: OwnerPut, answer: OwnerView, refused: NOTHING_DONE });
export const forgetOwner = bffRoute({ role: 'admin', method: 'DELETE', path: '/api/agentnet/owner' });
/** The sandbox's owner sign-in: issues an owner token and keeps it here (409 live). */
export const ownerSignIn = bffRoute({ method: 'POST', path: '/api/agentnet/owner/sign-in', body: OwnerSignIn, answer: OwnerView, refused: NOTHING_DONE });

/** Funds an org wallet with the sandbox's internal credential (409 live: the service's backend does it); answers the service's wallet. */
export const topUpOrg = bffRoute({
  method: 'POST',
  path: '/api/agentnet/orgs/:orgId/wallet/top-up',
 
  params: Params({ orgId: PathParam('orgId', RESOURCE_ID, 'an org id: 1 to 120 letters, digits or . _ : -') }),
  body: OrgTopUp,
  answer: OrgWallet,
  refused: NOTHING_DONE,
});
/** What the console paid for a pool task (its own record), newest first. */
export const taskPayments = bffRoute({
  method: 'GET',
  path: '/api/agentnet/tasks/:taskId/payments',
 
  params: Params({ taskId: PathParam('taskId', RESOURCE_ID, 'a task id: 1 to 120 letters, digits or . _ : -') }),
  answer: TaskPayments,
});

export const hooks = bffRoute({ method: 'GET', path: '/api/agentnet/hooks', answer: HookList });
/** A new receiver; its secret is answered this once. */
export const createHook = bffRoute({ method: 'POST', path: '/api/agentnet/hooks', body: HookCreate, answer: HookCreated, status: 201, refused: NOTHING_DONE });
export const hookEvents = bffRoute({ method: 'GET', path: '/api/agentnet/hooks/events', query: HookEventsQuery, answer: HookDeliveries });
export const removeHook = bffRoute({ method: 'DELETE', path: '/api/agentnet/hooks/:hookId', params: Params({ hookId: z.string() }) });
/** The receiver of subnet events: public, each delivery signed; it answers the service in its own words. */
export const receiver = bffRoute({ method: 'POST', path: '/api/hooks/agentnet/:hookId', kind: 'receiver', params: Params({ hookId: z.string() }), maxBody: 256 * 1024 });
