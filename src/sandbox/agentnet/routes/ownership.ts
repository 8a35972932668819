import { createHash } from 'node:crypto';
import { z } from '../../../contracts/zod';
import { baseOf, requireOwnerToken, type AcnApp, type AcnHandlers, type Services } from '../context';
import { detailError, domainError, forbidden } from '../errors';
import { hashKey, newApiKey, newVerificationCode, OWNER_TOKEN_SECONDS, signOwnerToken } from '../engine/keys';
import { topUpOrg } from '../engine/escrow';
import { AGENTNET_ROOT } from '../root';
import { readJson, validate } from '../validation';
import { agentOr404, emitToAgentSubnets, iso } from './helpers';
import { orgWalletRecord } from './records-work';
/** The backend credential of org top-ups (document: not part of the agent key surface). */
import { SANDBOX_INTERNAL_TOKEN } from '../../../contracts/agentnet/sandbox-internal';

/** Transfer invites last 7 days unless `ttl_seconds` says otherwise. */
export const TRANSFER_TTL_S = 7 * 24 * 3600;

const SignIn = z.object({ name: z.string({ error: 'name is required' }).check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(120)), email: z.optional(z.string().check(z.maxLength(200))) });
const TopUp = z.object({ amount: z.number().check(z.gt(0, 'amount must be above 0'), z.lte(1e9)) });

/**
 * The owner identity flows (owner identity token): claim with the verification code, transfer
 * invite and its code, deletion confirmation. A transfer claim of an agent rotates its key (the
 * old one is invalidated; the new one is answered once) and emits `agent.owner_changed`.
 */
export function ownershipHandlers(s: Services): AcnHandlers {
  const ownedBy = (agentId: string, ownerId: string) => {
    const a = agentOr404(s, agentId);
    if (a.claim_status === 'unclaimed' || a.owner_id === null) throw domainError(409, 'AGENT_NOT_CLAIMED', `Agent ${a.agent_id} is unclaimed: claim it with its verification code first`, { agent_id: a.agent_id });
    if (a.owner_id !== ownerId) throw forbidden('not_agent_owner', `Only the owner of agent ${a.agent_id} can do this`);
    return a;
  };
  return {
    'agents.claim': (c, { params, body }) => {
      const owner = requireOwnerToken(c);
      const a = agentOr404(s, params.id);
      const code = body.verification_code.trim();
      const now = s.clock.now();
      if (a.claim_status === 'pending_transfer') {
        if (a.transfer_code !== code || (a.transfer_expires_at ?? 0) <= now) throw domainError(400, 'INVALID_VERIFICATION_CODE', 'The transfer code is wrong or expired', { agent_id: a.agent_id });
        const apiKey = newApiKey();
        const previous = a.owner_id;
        s.agents.update(a.agent_id, { owner_id: owner.id, claim_status: 'claimed', transfer_code: null, transfer_expires_at: null, key_hash: hashKey(apiKey) });
        emitToAgentSubnets(s, a.agent_id, 'agent.owner_changed', { previous_owner: previous, owner: owner.id, key_invalidated: true });
        return c.json({ success: true, agent_id: a.agent_id, owner: owner.id, previous_owner: previous, claim_status: 'claimed', key_invalidated: true, api_key: apiKey, message: 'Transferred: the old key no longer works; the new key is shown once.' });
      }
      if (a.claim_status !== 'unclaimed') throw domainError(409, 'AGENT_ALREADY_CLAIMED', `Agent ${a.agent_id} is already claimed`, { agent_id: a.agent_id });
      if (a.verification_code !== code) throw domainError(400, 'INVALID_VERIFICATION_CODE', 'The verification code does not match this agent', { agent_id: a.agent_id });
      s.agents.update(a.agent_id, { owner_id: owner.id, claim_status: 'claimed' });
      emitToAgentSubnets(s, a.agent_id, 'agent.owner_changed', { previous_owner: null, owner: owner.id, key_invalidated: false });
      return c.json({ success: true, agent_id: a.agent_id, owner: owner.id, claim_status: 'claimed', key_invalidated: false, message: 'Claimed.' });
    },
    'agents.transferInvite': (c, { params, body }) => {
      const owner = requireOwnerToken(c);
      const a = ownedBy(params.id, owner.id);
      const code = newVerificationCode();
      const expires = s.clock.now() + (body.ttl_seconds ?? TRANSFER_TTL_S) * 1000;
      s.agents.update(a.agent_id, { claim_status: 'pending_transfer', transfer_code: code, transfer_expires_at: expires });
      return c.json({ agent_id: a.agent_id, verification_code: code, expires_at: iso(expires), claim_status: 'pending_transfer' });
    },
    'agents.transferInvite.cancel': (c, { params }) => {
      const owner = requireOwnerToken(c);
      const a = ownedBy(params.id, owner.id);
      if (a.claim_status !== 'pending_transfer') throw domainError(404, 'TRANSFER_INVITE_NOT_FOUND', `Agent ${a.agent_id} has no open transfer invite`, { agent_id: a.agent_id });
      s.agents.update(a.agent_id, { claim_status: 'claimed', transfer_code: null, transfer_expires_at: null });
      return c.json({ success: true, agent_id: a.agent_id, claim_status: 'claimed', message: 'Transfer invite cancelled.' });
    },
    'agents.deletion.confirm': (c, { params, body }) => {
      const owner = requireOwnerToken(c);
      const a = ownedBy(params.id, owner.id);
      const now = s.clock.now();
      if (a.deletion_requested_at === null) throw domainError(404, 'DELETION_REQUEST_NOT_FOUND', 'The agent has no pending deletion request', { agent_id: a.agent_id });
      if (a.deletion_token !== body.token.trim() || (a.deletion_expires_at ?? 0) <= now) throw domainError(400, 'INVALID_TOKEN', 'The confirmation token is wrong or expired (it lasts 72 hours)', { agent_id: a.agent_id });
      const owned = s.subnets.ownedBy(a.agent_id).map((r) => r.subnet_id);
      if (owned.length) throw domainError(409, 'AGENT_OWNS_SUBNETS', `The agent still owns ${owned.length} subnet(s): delete them first (${owned.join(', ')})`, { subnets: owned });
      s.agents.remove(a.agent_id);
      return c.json({ agent_id: a.agent_id, status: 'deleted' });
    },
  };
}

/**
 * Routes that are not operations of the live API: the sandbox owner sign-in, which issues an
 * owner identity token (live: the identity provider), and the backend org top-up.
 */
export function registerOwnerRoutes(app: AcnApp, s: Services) {
  app.post('/owner/sign-in', async (c) => {
    const body = validate(SignIn, await readJson(c), 'body');
    const id = `owner_${createHash('sha256').update((body.email ?? body.name).trim().toLowerCase()).digest('hex').slice(0, 12)}`;
    const token = signOwnerToken({ iss: baseOf(c, AGENTNET_ROOT), sub: id, name: body.name.trim(), nowMs: s.clock.now() });
    return c.json({ owner_token: token, access_token: token, token_type: 'Bearer', expires_in: OWNER_TOKEN_SECONDS, owner: { id, name: body.name.trim() } }, 200, { 'Cache-Control': 'no-store' });
  });
  app.post('/internal/orgs/:oid/wallet/top-up', async (c) => {
    if (c.req.header('x-internal-token') !== SANDBOX_INTERNAL_TOKEN) throw detailError(401, 'Org top-up needs the backend credential (X-Internal-Token); an agent key cannot top up');
    const body = validate(TopUp, await readJson(c), 'body');
    const org = topUpOrg(s, c.req.param('oid'), body.amount);
    if (!org) throw domainError(404, 'ORG_NOT_FOUND', `Organization '${c.req.param('oid')}' not found`, {});
    return c.json(orgWalletRecord(org));
  });
}
