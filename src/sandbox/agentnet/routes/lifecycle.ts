import { randomBytes } from 'node:crypto';
import { requireSelf, baseOf, type AcnHandlers, type Services } from '../context';
import { domainError, forbidden, unauthorized } from '../errors';
import { hashKey, newApiKey } from '../engine/keys';
import { AGENTNET_ROOT } from '../root';

/** Deletion confirmation tokens of claimed agents last 72 hours (document). */
export const DELETION_CONFIRM_MS = 72 * 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Heartbeat, key rotation and the agent's own deletion request. */
export function lifecycleHandlers(s: Services): AcnHandlers {
  return {
    // The identify middleware has already renewed the caller; the heartbeat only reports it.
    'agents.heartbeat': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      return c.json({
        agent_id: me.agent_id,
        status: 'online',
        last_seen: iso(me.last_seen),
      });
    },

    // The new key is answered once; the old one stops working at once (document).
    'agents.rotateKey': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const apiKey = newApiKey();
      s.agents.update(me.agent_id, { key_hash: hashKey(apiKey) });
      return c.json({
        agent_id: me.agent_id,
        api_key: apiKey,
        rotated_at: iso(s.clock.now()),
      });
    },

    'agents.deletion.request': (c, { params }) => {
      const me = requireSelf(c, s, params.id);
      const owned = s.subnets.ownedBy(me.agent_id).map((r) => r.subnet_id);
      if (owned.length > 0) {
        throw domainError(409, 'AGENT_OWNS_SUBNETS', `The agent still owns ${owned.length} subnet(s): delete them first (${owned.join(', ')})`, {
          subnets: owned,
        });
      }
      if (me.claim_status === 'unclaimed') {
        s.agents.remove(me.agent_id);
        return c.json({ agent_id: me.agent_id, status: 'deleted' });
      }
      // A claimed agent waits for its owner's confirmation (owner identity token, not imitated).
      const now = s.clock.now();
      const requested = me.deletion_requested_at !== null && (me.deletion_expires_at ?? 0) > now && me.deletion_token !== null;
      const expiresAt = requested ? (me.deletion_expires_at as number) : now + DELETION_CONFIRM_MS;
      const token = requested ? (me.deletion_token as string) : `del_${randomBytes(16).toString('hex')}`;
      if (!requested)
        s.agents.update(me.agent_id, {
          deletion_requested_at: now,
          deletion_expires_at: expiresAt,
          deletion_token: token,
        });
      return c.json({
        agent_id: me.agent_id,
        status: 'pending_confirmation',
        confirm_url: `${baseOf(c, AGENTNET_ROOT)}/api/v1/agents/${me.agent_id}/deletion-request/confirm?token=${token}`,
        confirm_token: token,
        expires_at: iso(expiresAt),
      });
    },

    // The agent or its owner (owner identity token) may cancel.
    'agents.deletion.cancel': (c, { params }) => {
      const owner = c.get('owner');
      const target = owner ? s.agents.get(params.id) : undefined;
      if (owner && target && target.owner_id !== owner.id) throw forbidden('not_agent_owner', `Only the owner of agent ${params.id} can cancel its deletion`);
      if (owner && !target) throw unauthorized('Unknown agent for this owner');
      const me = target ?? requireSelf(c, s, params.id);
      if (me.deletion_requested_at === null) {
        throw domainError(404, 'DELETION_REQUEST_NOT_FOUND', 'The agent has no pending deletion request', { agent_id: me.agent_id });
      }
      s.agents.update(me.agent_id, {
        deletion_requested_at: null,
        deletion_expires_at: null,
        deletion_token: null,
      });
      return c.json({
        agent_id: me.agent_id,
        status: 'cancelled',
        pending_deletion: false,
      });
    },
  };
}
