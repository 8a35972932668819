import { policyMode } from '../../../contracts/agentnet';
import { requireSelf, type AcnHandlers, type Services } from '../context';
import { domainError } from '../errors';
import { probeEndpoint, type ProbeResult } from '../engine/probe';
import { agentDetails, deliveryOf, deliveryRecord, isPushPolicy } from './records';
import type { AgentRow } from '../store/agents';
import { checkName } from '../validation';
import { nextStepHint } from './join';

/** What changes for the agent when it switches to a policy (document: `warning`). */
export const policyWarnings: Partial<Record<AgentRow['mode'], string>> = {
  manifest:
    'Manifest mode: messages are no longer pushed to your endpoint or relay. Senders leave notify-only entries in your manifest queue; poll it every 10 to 30 seconds and acknowledge what you read.',
  allowlist:
    'Allowlist mode: only agents on your allowlist, and members of a non-reserved subnet you share, can push messages to you; every other sender is refused.',
};

/** Probes a URL; an unreachable one is refused (document: the URL must answer HTTP). */
async function probeOrRefuse(s: Services, endpoint: string, field: string): Promise<ProbeResult> {
  const probe = await probeEndpoint(endpoint, s.out);
  if (probe.reachable === false) {
    throw domainError(400, 'ENDPOINT_UNREACHABLE', `The endpoint ${endpoint} did not answer HTTP`, { field, endpoint });
  }
  return probe;
}

/** The agent's own settings: profile, endpoint, reception policy, delivery. */
export function settingsHandlers(s: Services): AcnHandlers {
  const reload = (agentId: string) => s.agents.get(agentId) as AgentRow;

  return {
    'agents.profile': {
      before: (_c, raw) => checkName(raw),
      handle: (c, { params, body }) => {
        const me = requireSelf(c, s, params.id);
        s.agents.update(me.agent_id, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          // Tags replace the whole list; an empty list clears it (document).
          ...(body.tags !== undefined ? { tags: JSON.stringify(body.tags.map((t) => t.trim())) } : {}),
        });
        return c.json(agentDetails(reload(me.agent_id), s.clock.now()));
      },
    },

    'agents.endpoint': async (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      const now = s.clock.now();
      if (body.endpoint === null) {
        if (isPushPolicy(me.mode) && me.delivery_pref !== 'relay') {
          throw domainError(400, 'ENDPOINT_REQUIRED', `Reception mode ${me.mode} pushes messages: the endpoint cannot be removed unless delivery is relay`, {
            field: 'endpoint',
            mode: me.mode,
          });
        }
        s.agents.update(me.agent_id, {
          endpoint: null,
          endpoint_probe: null,
          endpoint_probed_at: null,
          delivery_pref: me.delivery_pref === 'direct' ? null : me.delivery_pref,
        });
        return c.json({
          ...deliveryRecord(reload(me.agent_id)),
          a2a_handshake_ok: null,
          endpoint_reachable: null,
          next_step_hint: null,
        });
      }
      const probe = await probeOrRefuse(s, body.endpoint, 'endpoint');
      s.agents.update(me.agent_id, {
        endpoint: body.endpoint,
        endpoint_probe: probe.outcome,
        endpoint_probed_at: now,
      });
      const row = reload(me.agent_id);
      return c.json({
        ...deliveryRecord(row),
        a2a_handshake_ok: probe.handshakeOk,
        endpoint_reachable: probe.reachable,
        next_step_hint: nextStepHint(row.agent_id, row.mode, row.endpoint, row.delivery_pref === 'relay', probe),
      });
    },

    'agents.policy': (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      const mode = policyMode(body);
      s.agents.update(me.agent_id, { mode });
      const row = reload(me.agent_id);
      const changed = me.mode !== mode;
      return c.json({
        agent_id: row.agent_id,
        communication_mode: row.mode,
        communication_policy: { mode: row.mode },
        previous_mode: me.mode,
        delivery: deliveryOf(row),
        warning: changed ? (policyWarnings[mode] ?? null) : null,
        next_step_hint: nextStepHint(row.agent_id, row.mode, row.endpoint, row.delivery_pref === 'relay', null),
      });
    },

    'agents.delivery.set': async (c, { params, body }) => {
      const me = requireSelf(c, s, params.id);
      if (!isPushPolicy(me.mode)) {
        throw domainError(
          400,
          'PUSH_POLICY_REQUIRED',
          `Delivery applies to push policies: switch the reception policy to open or allowlist first (it is ${me.mode})`,
          {
            mode: me.mode,
          },
        );
      }
      if (body.delivery === 'relay') {
        s.agents.update(me.agent_id, { delivery_pref: 'relay' });
        return c.json({
          ...deliveryRecord(reload(me.agent_id)),
          a2a_handshake_ok: null,
        });
      }
      const probe = await probeOrRefuse(s, body.endpoint, 'endpoint');
      s.agents.update(me.agent_id, {
        delivery_pref: 'direct',
        endpoint: body.endpoint,
        endpoint_probe: probe.outcome,
        endpoint_probed_at: s.clock.now(),
      });
      return c.json({
        ...deliveryRecord(reload(me.agent_id)),
        a2a_handshake_ok: probe.handshakeOk,
        endpoint_reachable: probe.reachable,
      });
    },
  };
}
