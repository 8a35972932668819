import type { RouteDef } from '../routes';
import { IntParam, NoQuery, queryParams } from '../query';
import { z } from '../zod';
import * as req from './requests';

/** Agent network routes (document + field notes' live paths), relative to the base URL. */

export const AGENT_ID = /^[A-Za-z0-9_.:-]{1,80}$/;
export const SUBNET_ID = /^[A-Za-z0-9_.-]{1,80}$/;

const Empty = z.strictObject({}, { error: () => 'this operation takes no body' });

export const AgentListQuery = z.strictObject(
  {
    tag: z.optional(z.string().check(z.maxLength(32))),
    name: z.optional(z.string().check(z.maxLength(64))),
    status: z.optional(z.enum(['online', 'offline', 'all'], { error: 'status must be online, offline or all' })),
    limit: IntParam(1, 500, 'limit'),
    offset: IntParam(0, 1_000_000, 'offset'),
  },
  queryParams,
);
export const SubnetListQuery = z.strictObject(
  { parent_id: z.optional(z.string().check(z.maxLength(80))), scope: z.optional(z.enum(['mine', 'public', 'all'], { error: 'scope must be mine, public or all' })) },
  queryParams,
);

const agent = { id: AGENT_ID };
const subnet = { sid: SUBNET_ID };

export const agentnetRoutes: RouteDef[] = [
  { method: 'POST', path: '/api/v1/agents/join', kind: 'write', body: req.JoinRequest },
  { method: 'GET', path: '/api/v1/agents', kind: 'read', query: AgentListQuery },
  { method: 'GET', path: '/api/v1/agents/:id', kind: 'read', params: agent, query: NoQuery },
  { method: 'PATCH', path: '/api/v1/agents/:id/profile', kind: 'write', params: agent, body: req.ProfilePatch },
  { method: 'PATCH', path: '/api/v1/agents/:id/endpoint', kind: 'write', params: agent, body: req.EndpointPatch },
  { method: 'PATCH', path: '/api/v1/agents/:id/policy', kind: 'write', params: agent, body: req.PolicyPatch },
  { method: 'GET', path: '/api/v1/agents/:id/delivery', kind: 'read', params: agent, query: NoQuery },
  { method: 'PATCH', path: '/api/v1/agents/:id/delivery', kind: 'write', params: agent, body: req.DeliveryPatch },
  { method: 'GET', path: '/api/v1/agents/:id/communication_profile', kind: 'read', params: agent, query: NoQuery },
  { method: 'POST', path: '/api/v1/agents/:id/heartbeat', kind: 'write', params: agent, body: Empty },
  { method: 'POST', path: '/api/v1/agents/:id/rotate-key', kind: 'write', params: agent, body: Empty },
  { method: 'POST', path: '/api/v1/agents/:id/deletion-request', kind: 'write', params: agent, body: Empty },
  { method: 'DELETE', path: '/api/v1/agents/:id/deletion-request', kind: 'write', params: agent },
  { method: 'GET', path: '/api/v1/agents/:id/subnets', kind: 'read', params: agent, query: NoQuery },
  { method: 'POST', path: '/api/v1/agents/:id/subnets/:sid', kind: 'write', params: { ...agent, ...subnet }, body: req.SubnetJoin },
  { method: 'DELETE', path: '/api/v1/agents/:id/subnets/:sid', kind: 'write', params: { ...agent, ...subnet } },
  { method: 'GET', path: '/api/v1/subnets', kind: 'read', query: SubnetListQuery },
  { method: 'POST', path: '/api/v1/subnets', kind: 'write', body: req.SubnetCreate },
  { method: 'GET', path: '/api/v1/subnets/:sid', kind: 'read', params: subnet, query: NoQuery },
  { method: 'DELETE', path: '/api/v1/subnets/:sid', kind: 'write', params: subnet },
  { method: 'GET', path: '/api/v1/subnets/:sid/children', kind: 'read', params: subnet, query: NoQuery },
  { method: 'GET', path: '/api/v1/subnets/:sid/agents', kind: 'read', params: subnet, query: NoQuery },
  { method: 'GET', path: '/api/v1/subnets/:sid/join-requests', kind: 'read', params: subnet, query: NoQuery },
  { method: 'POST', path: '/api/v1/subnets/:sid/join-requests/:rid/:decision', kind: 'write', params: { ...subnet, rid: SUBNET_ID, decision: ['approve', 'reject'] }, body: req.SubnetJoin },
  { method: 'DELETE', path: '/api/v1/subnets/:sid/join-requests/:rid', kind: 'write', params: { ...subnet, rid: SUBNET_ID } },
];
