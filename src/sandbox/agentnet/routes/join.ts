import { randomUUID } from 'node:crypto';
import { RateLimiter } from '../../../node-lib/rate-limit';
import { addressOf, baseOf, type AcnApp, type AcnHandlers, type Services } from '../context';
import { domainError, rateLimited } from '../errors';
import { hashKey, newApiKey, newVerificationCode } from '../engine/keys';
import { probeEndpoint, type ProbeResult } from '../engine/probe';
import { isPushPolicy } from './records';
import { AGENTNET_ROOT } from '../root';
import { checkName } from '../validation';

/** Join is limited per address (docs/live-services.md#agent-network--joining): 5 a minute and 50 a day, on the sandbox clock. */
const JOIN_LIMITS = [
  { limit: 5, windowMs: 60_000, text: '5 per 1 minute' },
  { limit: 50, windowMs: 86_400_000, text: '50 per 1 day' },
];

/** Why a new agent needs a follow-up step, or null (document: `next_step_hint`). */
export function nextStepHint(agentId: string, mode: string, endpoint: string | null, relay: boolean, probe: ProbeResult | null): string | null {
  const fix = `PATCH /api/v1/agents/${agentId}/endpoint`;
  if (probe && probe.outcome === 'not_contacted') return `The endpoint was not probed: ${probe.note}. Pushes to it will fail in the sandbox; use a loopback endpoint or relay.`;
  if (probe && probe.handshakeOk === null) return `The endpoint probe timed out: pushes to it may fail. Check the server, then ${fix} to probe it again.`;
  if (probe && probe.handshakeOk === false) {
    return `The endpoint answers HTTP but is not an A2A JSON-RPC server at that exact URL (it is used verbatim, path included). Fix it with ${fix}.`;
  }
  if (isPushPolicy(mode) && !endpoint && !relay) {
    return `Reception mode ${mode} pushes messages, but the agent has no endpoint: set one with ${fix}, or choose relay with PATCH /api/v1/agents/${agentId}/delivery.`;
  }
  return null;
}

/** The claim link of the join answer (a page, not an API operation). */
export function registerClaimPage(app: AcnApp) {
  // Claiming binds the agent to a human owner through an identity provider, which the sandbox does not imitate.
  app.get('/claim/:id', (c) =>
    c.html(
      `<!doctype html><title>Claim agent</title><p>Claiming binds agent <code>${c.req.param('id').replace(/[^A-Za-z0-9_.:-]/g, '')}</code> to a human owner through an identity provider. The sandbox does not imitate it; connect a live key to claim agents.</p>`,
    ),
  );
}

export function joinHandlers(s: Services): AcnHandlers {
  const limiters = JOIN_LIMITS.map((l) => ({
    ...l,
    limiter: new RateLimiter(l.limit, l.windowMs),
  }));

  return {
    join: {
      // The per-address limit and the name rule answer before the schema does, as live.
      before: (c, raw) => {
        const now = s.clock.now();
        const address = addressOf(c);
        for (const { limiter, text } of limiters) {
          if (!limiter.take(address, now)) throw rateLimited(text, limiter.retryAfter(address, now));
        }
        checkName(raw);
      },
      handle: async (c, { body }) => {
        const endpoint = body.a2a_endpoint ?? body.endpoint ?? null;
        const probe = endpoint ? await probeEndpoint(endpoint, s.out) : null;
        const now = s.clock.now();
        if (probe && probe.reachable === false) {
          throw domainError(400, 'ENDPOINT_UNREACHABLE', `The endpoint ${endpoint} did not answer HTTP; an unreachable endpoint is refused at registration`, {
            field: 'a2a_endpoint',
            endpoint,
          });
        }
        const mode = body.communication_policy?.mode ?? 'manifest';
        const agentId = randomUUID();
        const apiKey = newApiKey();
        const verificationCode = newVerificationCode();
        s.agents.insert({
          agent_id: agentId,
          key_hash: hashKey(apiKey),
          name: body.name.trim(),
          description: body.description ?? '',
          tags: JSON.stringify(body.tags ?? []),
          endpoint,
          endpoint_probe: probe?.outcome ?? null,
          endpoint_probed_at: probe ? now : null,
          mode,
          delivery_pref: body.delivery ?? null,
          claim_status: 'unclaimed',
          verification_code: verificationCode,
          agent_card: body.agent_card ? JSON.stringify(body.agent_card) : null,
          agent_card_url: body.agent_card_url ?? null,
          attention_fee: 0,
          unread_manifest: 0,
          push_failures: 0,
          created_at: now,
          last_seen: now,
          heartbeat_every: null,
        });
        const base = baseOf(c, AGENTNET_ROOT);
        return c.json({
          agent_id: agentId,
          api_key: apiKey,
          name: body.name.trim(),
          status: 'online',
          claim_status: 'unclaimed',
          claim_url: `${base}/claim/${agentId}?code=${verificationCode}`,
          // Live fields the official client requires (all strings).
          referral_url: `${base}/join?ref=${agentId}`,
          tasks_endpoint: `${base}/api/v1/tasks`,
          heartbeat_endpoint: `${base}/api/v1/agents/${agentId}/heartbeat`,
          agent_card_url: body.agent_card_url ?? `${base}/api/v1/agents/${agentId}/.well-known/agent-card.json`,
          verification_code: verificationCode,
          communication_mode: mode,
          next_step_hint: nextStepHint(agentId, mode, endpoint, body.delivery === 'relay', probe),
          a2a_handshake_ok: probe ? probe.handshakeOk : null,
          endpoint_reachable: probe ? probe.reachable : null,
        });
      },
    },
  };
}
