import { requireOwner, visibleSubnet } from '../engine/access';
import { requireCaller, type AcnContext, type AcnHandlers, type Services } from '../context';
import { domainError, forbidden } from '../errors';
import { admissionRecord } from './records';
import type { AdmissionRow } from '../store/admissions';

/** Join requests of approval subnets: the owner lists, approves, rejects; the applicant withdraws. */
export function joinRequestHandlers(s: Services): AcnHandlers {
  const findRequest = (subnetId: string, requestId: string): AdmissionRow => {
    const row = s.admissions.get(subnetId, requestId);
    if (!row || row.kind !== 'join_request') {
      throw domainError(404, 'JOIN_REQUEST_NOT_FOUND', `Join request '${requestId}' not found in '${subnetId}'`, {
        subnet_id: subnetId,
        request_id: requestId,
      });
    }
    return row;
  };
  const requirePending = (row: AdmissionRow) => {
    if (row.status !== 'pending') {
      throw domainError(409, 'JOIN_REQUEST_NOT_PENDING', `Join request '${row.request_id}' is already ${row.status}`, {
        request_id: row.request_id,
        status: row.status,
      });
    }
  };

  const decide =
    (decision: 'approve' | 'reject') =>
    (c: AcnContext, { params, body }: { params: { sid: string; rid: string }; body: { note?: string | undefined } }) => {
      const me = requireCaller(c);
      const subnet = visibleSubnet(s, params.sid, me);
      requireOwner(subnet, me);
      const request = findRequest(subnet.subnet_id, params.rid);
      requirePending(request);
      const now = s.clock.now();
      if (decision === 'approve') {
        if (subnet.parent_id && !s.subnets.member(subnet.parent_id, request.agent_id)) {
          throw domainError(
            409,
            'PARENT_MEMBERSHIP_REQUIRED',
            `The applicant left the parent subnet '${subnet.parent_id}': it cannot be admitted to '${subnet.subnet_id}'`,
            {
              parent_subnet_id: subnet.parent_id,
              agent_id: request.agent_id,
            },
          );
        }
        s.subnets.addMember(subnet.subnet_id, request.agent_id, 'member', now);
        s.admissions.decide(request.request_id, 'approved', now, body.note ?? null);
        s.events.emit(subnet.subnet_id, 'subnet.join_approved', null, { agent_id: request.agent_id, request_id: request.request_id });
        s.events.emit(subnet.subnet_id, 'agent.joined_subnet', null, { agent_id: request.agent_id, parent_subnet_id: subnet.parent_id });
      } else {
        s.admissions.decide(request.request_id, 'rejected', now, body.note ?? null);
      }
      return c.json(admissionRecord(findRequest(subnet.subnet_id, request.request_id)));
    };

  return {
    'subnets.joinRequests': (c, { params }) => {
      const me = requireCaller(c);
      const subnet = visibleSubnet(s, params.sid, me);
      requireOwner(subnet, me);
      return c.json({
        slug: subnet.subnet_id,
        items: s.admissions.list(subnet.subnet_id).map(admissionRecord),
      });
    },

    'subnets.joinRequests.approve': decide('approve'),
    'subnets.joinRequests.reject': decide('reject'),
    'subnets.joinRequests.withdraw': (c, { params }) => {
      const me = requireCaller(c);
      const subnet = visibleSubnet(s, params.sid, me);
      const request = findRequest(subnet.subnet_id, params.rid);
      if (request.agent_id !== me.agent_id) throw forbidden('not_applicant', 'Only the applicant can withdraw a join request');
      requirePending(request);
      s.admissions.decide(request.request_id, 'withdrawn', s.clock.now());
      return c.json(admissionRecord(findRequest(subnet.subnet_id, request.request_id)));
    },
  };
}
