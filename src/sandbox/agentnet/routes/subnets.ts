import { canSee, requireOwner, visibleSubnet } from '../engine/access';
import { requireCaller, type AcnHandlers, type Services } from '../context';
import { domainError, forbidden } from '../errors';
import { memberRecord, subnetRecord } from './records';
import { isReserved, type SubnetRow } from '../store/subnets';

/** Reserved ids and reserved parents are domain rules (400), checked before the schema's 422. */
function checkReserved(raw: unknown) {
  if (!raw || typeof raw !== 'object') return;
  const { subnet_id: id, parent_subnet_id, parent: parentAlias, parent_slug } = raw as Record<string, unknown>;
  const parent = parent_subnet_id ?? parentAlias ?? parent_slug;
  if (typeof id === 'string' && isReserved(id)) {
    throw domainError(400, 'RESERVED_SUBNET', `'${id}' is a reserved subnet id`, { field: 'subnet_id', subnet_id: id });
  }
  if (typeof parent === 'string' && isReserved(parent)) {
    throw domainError(400, 'RESERVED_SUBNET_PARENT', `'${parent}' is reserved and cannot be a parent`, { field: 'parent_subnet_id', parent_subnet_id: parent });
  }
}

/** Subnets: list, create, read, delete, children, members. */
export function subnetHandlers(s: Services): AcnHandlers {
  const record = (row: SubnetRow) => subnetRecord(row, s.subnets.memberCount(row.subnet_id));

  return {
    'subnets.list': (c, { query }) => {
      const q = query;
      const scope = q.scope ?? 'all';
      const caller = scope === 'mine' ? requireCaller(c) : c.get('caller');
      const mine = caller ? s.subnets.subnetIdsOf(caller.agent_id) : new Set<string>();
      const rows = s.subnets.all(q.parent_id ?? q.parent).filter((row) => {
        if (scope === 'mine') return mine.has(row.subnet_id);
        if (scope === 'public') return row.private === 0;
        return canSee(s, row, caller);
      });
      return c.json({ subnets: rows.map(record), count: rows.length });
    },

    'subnets.create': {
      before: (_c, raw) => checkReserved(raw),
      handle: (c, { body }) => {
        const me = requireCaller(c);
        if (body.subnet_id && s.subnets.exists(body.subnet_id)) {
          throw domainError(409, 'SUBNET_EXISTS', `A subnet with id '${body.subnet_id}' already exists`, { field: 'subnet_id', subnet_id: body.subnet_id });
        }
        let parentId: string | null = null;
        const parentRef = body.parent_subnet_id ?? body.parent ?? body.parent_slug;
        if (parentRef) {
          const parent = visibleSubnet(s, parentRef, me);
          if (parent.parent_id) {
            throw domainError(400, 'SUBNET_NESTING_TOO_DEEP', `Subnets nest one level only: '${parent.subnet_id}' is itself a child of '${parent.parent_id}'`, {
              field: 'parent_subnet_id',
              parent_subnet_id: parent.subnet_id,
            });
          }
          if (!s.subnets.member(parent.subnet_id, me.agent_id)) {
            throw forbidden('not_parent_member', `Only members of '${parent.subnet_id}' can create a subnet under it`);
          }
          parentId = parent.subnet_id;
        }
        const subnetId = body.subnet_id ?? s.subnets.freeSlug(body.name);
        s.subnets.create({
          subnet_id: subnetId,
          name: body.name.trim(),
          description: body.description ?? '',
          owner: me.agent_id,
          private: body.private ? 1 : 0,
          join_policy: body.join_policy ?? 'open',
          parent_id: parentId,
          lifecycle: body.lifecycle ?? 'persistent',
          linked_task_id: body.linked_task_id ?? null,
          created_at: s.clock.now(),
        });
        return c.json(record(s.subnets.get(subnetId) as SubnetRow), 201);
      },
    },

    'subnets.get': (c, { params }) => c.json(record(visibleSubnet(s, params.sid, c.get('caller')))),

    'subnets.delete': (c, { params }) => {
      const me = requireCaller(c);
      const row = visibleSubnet(s, params.sid, me);
      if (row.reserved === 1) throw domainError(400, 'RESERVED_SUBNET', `'${row.subnet_id}' is reserved and cannot be deleted`, { subnet_id: row.subnet_id });
      requireOwner(row, me);
      const children = s.subnets.children(row.subnet_id).map((r) => r.subnet_id);
      if (children.length > 0) {
        throw domainError(409, 'SUBNET_HAS_CHILDREN', `Delete the child subnets of '${row.subnet_id}' first (${children.join(', ')})`, { children });
      }
      s.subnets.remove(row.subnet_id);
      return c.json({ subnet_id: row.subnet_id, status: 'deleted' });
    },

    'subnets.children': (c, { params }) => {
      const caller = c.get('caller');
      const row = visibleSubnet(s, params.sid, caller);
      const children = s.subnets.children(row.subnet_id).filter((child) => canSee(s, child, caller));
      return c.json({
        subnet_id: row.subnet_id,
        subnets: children.map(record),
        count: children.length,
      });
    },

    'subnets.agents': (c, { params }) => {
      const row = visibleSubnet(s, params.sid, c.get('caller'));
      const now = s.clock.now();
      const agents = s.subnets.members(row.subnet_id).map((m) => memberRecord(m, s.agents.get(m.agent_id), now));
      return c.json({ subnet_id: row.subnet_id, agents, count: agents.length });
    },
  };
}
