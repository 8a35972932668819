import { operation, type Operation } from '../routes';
import { Params, PathParam } from '../query';
import { z } from '../zod';

/** The pieces every agent network route module shares: the `op` declarer, ids, path parameters. */

export const AGENT_ID = /^[A-Za-z0-9_.:-]{1,80}$/;
export const SUBNET_ID = /^[A-Za-z0-9_.-]{1,80}$/;
/** Ids the service mints (org_…, work_…, task ids, participation ids, mids, route ids, session ids). */
export const RESOURCE_ID = /^[A-Za-z0-9_.:-]{1,120}$/;

/** A body the document gives no fields (anything sent is ignored). */
export const Empty = z.object({});

export const AgentParam = PathParam('id', AGENT_ID, 'an agent id (letters, digits, _ . : -)');
export const SubnetParam = PathParam('sid', SUBNET_ID, 'a subnet id (letters, digits, _ . -)');
export const IdParam = (name: string, what: string) => PathParam(name, RESOURCE_ID, what);

export const agentParams = Params({ id: AgentParam });
export const subnetParams = Params({ sid: SubnetParam });
export const agentTargetParams = Params({ id: AgentParam, target: PathParam('target', AGENT_ID, 'an agent id') });

type Def = Omit<Operation, 'id' | 'service' | 'kind'> & { kind?: Operation['kind'] };

/** Declares an agent network operation (reads are `read`, everything else `write`, unless given). */
export const op = <const I extends string, const D extends Def>(id: I, d: D) =>
  operation({ id, service: 'agentnet' as const, kind: d.method === 'GET' ? ('read' as const) : ('write' as const), ...d });
