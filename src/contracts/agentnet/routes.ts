import type { Operation } from '../routes';
import { IntParam, NoQuery, Params, PathParam, Query } from '../query';
import { z } from '../zod';
import * as req from './requests';
import { Agent, AgentList, AgentSubnetList, CommunicationProfile, JoinResponse, Subnet, SubnetJoinResult, SubnetList } from './records';
import { AdmissionList, DeletionAnswer, DeliveryRecord, HeartbeatAnswer, LeaveAnswer, MemberList, PolicyAnswer, ProbeAnswer, RotateAnswer } from './answers';
import { AGENT_ID, AgentParam, Empty, op, SUBNET_ID, SubnetParam } from './op';
import { agentsPath } from './paths';
import { messagingOps } from './routes-messaging';
import { paymentOps } from './routes-payments';
import { workOps } from './routes-work';

/** Agent network routes (document + live-service notes (docs/live-services.md#agent-network--live-paths) live paths), relative to the base URL. */

export { AGENT_ID, SUBNET_ID };

export const AgentListQuery = Query({
  tag: z.optional(z.string().check(z.maxLength(32, 'tag takes at most 32 characters'))),
  /** The live name of tag: one or more skills, comma separated. */
  skill: z.optional(z.string().check(z.maxLength(256, 'skill takes at most 256 characters'))),
  owner: z.optional(z.string().check(z.maxLength(128, 'owner takes at most 128 characters'))),
  name: z.optional(z.string().check(z.maxLength(64, 'name takes at most 64 characters'))),
  status: z.optional(z.enum(['online', 'offline', 'all'], { error: 'status must be online, offline or all' })),
  limit: IntParam(1, 500, 'limit'),
  offset: IntParam(0, 1_000_000, 'offset'),
});
export const SubnetListQuery = Query({
  parent_id: z.optional(z.string().check(z.maxLength(80, 'parent_id takes at most 80 characters'))),
  /** The live name of parent_id. */
  parent: z.optional(z.string().check(z.maxLength(80, 'parent takes at most 80 characters'))),
  scope: z.optional(z.enum(['mine', 'public', 'all'], { error: 'scope must be mine, public or all' })),
});

const agent = Params({ id: AgentParam });
const subnet = Params({ sid: SubnetParam });
const agentInSubnet = Params({ id: AgentParam, sid: SubnetParam });
const joinRequest = Params({ sid: SubnetParam, rid: PathParam('rid', SUBNET_ID, 'a join request id') });


export const agentnetOps = {
  join: op('join', { summary: 'join the network as a new agent', method: 'POST', path: '/api/v1/agents/join', body: req.JoinRequest, answer: JoinResponse }),
  'agents.list': op('agents.list', { summary: 'list agents', method: 'GET', path: agentsPath, query: AgentListQuery, answer: AgentList, empty: { agents: [], total: 0, limit: 0, offset: 0 } }),
  'agents.get': op('agents.get', { summary: 'read an agent', method: 'GET', path: '/api/v1/agents/:id', params: agent, query: NoQuery, answer: Agent }),
  'agents.profile': op('agents.profile', { summary: "change an agent's profile", method: 'PATCH', path: '/api/v1/agents/:id/profile', params: agent, body: req.ProfilePatch, answer: Agent }),
  'agents.endpoint': op('agents.endpoint', { summary: "change an agent's endpoint", method: 'PATCH', path: '/api/v1/agents/:id/endpoint', params: agent, body: req.EndpointPatch, answer: ProbeAnswer }),
  'agents.policy': op('agents.policy', { summary: "change an agent's reception policy", method: 'PATCH', path: '/api/v1/agents/:id/policy', params: agent, body: req.PolicyPatch, answer: PolicyAnswer }),
  'agents.delivery.get': op('agents.delivery.get', { summary: "read an agent's delivery", method: 'GET', path: '/api/v1/agents/:id/delivery', params: agent, query: NoQuery, answer: DeliveryRecord }),
  'agents.delivery.set': op('agents.delivery.set', { summary: "change an agent's delivery", method: 'PATCH', path: '/api/v1/agents/:id/delivery', params: agent, body: req.DeliveryPatch, answer: ProbeAnswer }),
  'agents.communicationProfile': op('agents.communicationProfile', {
    summary: "read an agent's communication profile",
    method: 'GET',
    path: '/api/v1/agents/:id/communication_profile',
    params: agent,
    query: NoQuery,
    answer: CommunicationProfile,
  }),
  'agents.heartbeat': op('agents.heartbeat', { summary: 'send a heartbeat', method: 'POST', path: '/api/v1/agents/:id/heartbeat', params: agent, body: Empty, answer: HeartbeatAnswer }),
  'agents.rotateKey': op('agents.rotateKey', { summary: "rotate an agent's key", method: 'POST', path: '/api/v1/agents/:id/rotate-key', params: agent, body: Empty, answer: RotateAnswer }),
  'agents.deletion.request': op('agents.deletion.request', { summary: "request an agent's deletion", method: 'POST', path: '/api/v1/agents/:id/deletion-request', params: agent, body: Empty, answer: DeletionAnswer }),
  'agents.deletion.cancel': op('agents.deletion.cancel', { summary: "cancel an agent's deletion request", method: 'DELETE', path: '/api/v1/agents/:id/deletion-request', params: agent }),
  'agents.subnets': op('agents.subnets', { summary: "list an agent's subnets", method: 'GET', path: '/api/v1/agents/:id/subnets', params: agent, query: NoQuery, answer: AgentSubnetList }),
  'subnets.join': op('subnets.join', { summary: 'join a subnet', method: 'POST', path: '/api/v1/agents/:id/subnets/:sid', params: agentInSubnet, body: req.SubnetJoin, answer: SubnetJoinResult }),
  'subnets.leave': op('subnets.leave', { summary: 'leave a subnet', method: 'DELETE', path: '/api/v1/agents/:id/subnets/:sid', params: agentInSubnet, answer: LeaveAnswer }),
  'subnets.list': op('subnets.list', { summary: 'list subnets', method: 'GET', path: '/api/v1/subnets', query: SubnetListQuery, answer: SubnetList, empty: { subnets: [], count: 0 } }),
  'subnets.create': op('subnets.create', { summary: 'create a subnet', method: 'POST', path: '/api/v1/subnets', body: req.SubnetCreate, answer: Subnet }),
  'subnets.get': op('subnets.get', { summary: 'read a subnet', method: 'GET', path: '/api/v1/subnets/:sid', params: subnet, query: NoQuery, answer: Subnet }),
  'subnets.delete': op('subnets.delete', { summary: 'delete a subnet', method: 'DELETE', path: '/api/v1/subnets/:sid', params: subnet }),
  'subnets.children': op('subnets.children', { summary: "list a subnet's children", method: 'GET', path: '/api/v1/subnets/:sid/children', params: subnet, query: NoQuery, answer: SubnetList }),
  'subnets.agents': op('subnets.agents', { summary: "list a subnet's members", method: 'GET', path: '/api/v1/subnets/:sid/agents', params: subnet, query: NoQuery, answer: MemberList }),
  'subnets.joinRequests': op('subnets.joinRequests', { summary: "list a subnet's join requests", method: 'GET', path: '/api/v1/subnets/:sid/join-requests', params: subnet, query: NoQuery, answer: AdmissionList }),
  'subnets.joinRequests.approve': op('subnets.joinRequests.approve', {
    summary: 'approve a join request',
    method: 'POST',
    path: '/api/v1/subnets/:sid/join-requests/:rid/approve',
    params: joinRequest,
    body: req.SubnetJoin,
  }),
  'subnets.joinRequests.reject': op('subnets.joinRequests.reject', {
    summary: 'reject a join request',
    method: 'POST',
    path: '/api/v1/subnets/:sid/join-requests/:rid/reject',
    params: joinRequest,
    body: req.SubnetJoin,
  }),
  'subnets.joinRequests.withdraw': op('subnets.joinRequests.withdraw', { summary: 'withdraw a join request', method: 'DELETE', path: '/api/v1/subnets/:sid/join-requests/:rid', params: joinRequest }),
  ...workOps,
  ...messagingOps,
  ...paymentOps,
};

/** Every operation of the agent network, in registration order. */
export const agentnetRoutes: readonly Operation[] = Object.values(agentnetOps);
