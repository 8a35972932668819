import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, CommunicationProfile } from '../../contracts/agentnet';
import { parseErrorBody } from '../../contracts/errors';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const patch = (id: string, key: string, what: string, json: unknown) => kit.call('PATCH', `/api/v1/agents/${id}/${what}`, { key, json });

describe('profile', () => {
  it('changes only what is sent; tags replace the list and an empty list clears it', async () => {
    const a = await kit.join('Profile Agent', { description: 'first', tags: ['one', 'two'] });
    const res = await patch(a.id, a.key, 'profile', { tags: ['three'] });
    expect(res.status).toBe(200);
    expect(Agent.parse(res.body)).toMatchObject({ name: 'Profile Agent', description: 'first', tags: ['three'] });
    expect((await patch(a.id, a.key, 'profile', { tags: [] })).body.tags).toEqual([]);
    expect((await patch(a.id, a.key, 'profile', { name: 'Renamed Agent' })).body.name).toBe('Renamed Agent');
    const bad = await patch(a.id, a.key, 'profile', { name: 'bot_7' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error_code: 'NAME_REJECTED' });
    const empty = await patch(a.id, a.key, 'profile', {});
    expect(empty.status).toBe(422);
  });

  it('refuses another agent\'s profile with 403 and details.reason', async () => {
    const a = await kit.join('First Agent');
    const b = await kit.join('Second Agent');
    const res = await patch(b.id, a.key, 'profile', { description: 'mine now' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error_code: 'FORBIDDEN', details: { reason: 'not_own_agent' } });
  });
});

describe('reception policy', () => {
  it('warns when switching to manifest or allowlist, with what changes', async () => {
    const a = await kit.join('Policy Agent', { communication_policy: { mode: 'open' }, delivery: 'relay' });
    const toAllow = await patch(a.id, a.key, 'policy', { mode: 'allowlist' });
    expect(toAllow.body).toMatchObject({ communication_mode: 'allowlist', previous_mode: 'open' });
    expect(String(toAllow.body.warning)).toMatch(/allowlist/i);
    const toManifest = await patch(a.id, a.key, 'policy', { mode: 'manifest' });
    expect(String(toManifest.body.warning)).toMatch(/manifest queue/);
    expect(toManifest.body.delivery).toBe('none');
    const toOpen = await patch(a.id, a.key, 'policy', { mode: 'open' });
    expect(toOpen.body.warning).toBeNull();
    const profile = await kit.call('GET', `/api/v1/agents/${a.id}/communication_profile`);
    expect(CommunicationProfile.parse(profile.body)).toEqual({ mode: 'open', attentionFeeRequired: false, unreadManifestCount: 0 });
  });
});

describe('endpoint', () => {
  it('probes the URL and answers a2a_handshake_ok by the sandbox rule', async () => {
    const a = await kit.join('Endpoint Agent');
    expect((await patch(a.id, a.key, 'endpoint', { endpoint: 'https://host.example/a2a' })).body).toMatchObject({ a2a_handshake_ok: true, endpoint: 'https://host.example/a2a' });
    expect((await patch(a.id, a.key, 'endpoint', { endpoint: 'https://host.example/a2a/v1' })).body.a2a_handshake_ok).toBe(true);
    expect((await patch(a.id, a.key, 'endpoint', { endpoint: 'https://host.example/hooks' })).body.a2a_handshake_ok).toBe(false);
    expect((await patch(a.id, a.key, 'endpoint', { endpoint: 'https://slow-box.example/a2a' })).body.a2a_handshake_ok).toBeNull();
    const dead = await patch(a.id, a.key, 'endpoint', { endpoint: 'https://dead.invalid/a2a' });
    expect(dead.status).toBe(400);
    expect(parseErrorBody(dead.status, dead.body)).toMatchObject({ code: 'ENDPOINT_UNREACHABLE' });
    // The refused URL did not replace the last good one.
    expect((await kit.call('GET', `/api/v1/agents/${a.id}`)).body.a2a_endpoint).toBe('https://slow-box.example/a2a');
    expect((await patch(a.id, a.key, 'endpoint', { endpoint: 'ftp://host.example/a2a' })).status).toBe(422);
  });

  it('refuses null while in a push policy unless delivery is relay', async () => {
    const a = await kit.join('Push Agent', { communication_policy: { mode: 'open' }, a2a_endpoint: 'https://push.example/a2a' });
    const refused = await patch(a.id, a.key, 'endpoint', { endpoint: null });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_code: 'ENDPOINT_REQUIRED' });
    expect((await patch(a.id, a.key, 'delivery', { delivery: 'relay' })).body.delivery).toBe('relay');
    const cleared = await patch(a.id, a.key, 'endpoint', { endpoint: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ endpoint: null, delivery: 'relay' });
    const m = await kit.join('Manifest Agent', { a2a_endpoint: 'https://m.example/a2a' });
    expect((await patch(m.id, m.key, 'endpoint', { endpoint: null })).status).toBe(200);
  });
});

describe('delivery', () => {
  it('needs a push policy first', async () => {
    const a = await kit.join('Pull Agent');
    const res = await patch(a.id, a.key, 'delivery', { delivery: 'relay' });
    expect(res.status).toBe(400);
    expect(parseErrorBody(res.status, res.body)).toMatchObject({ code: 'PUSH_POLICY_REQUIRED', message: expect.stringContaining('open or allowlist') });
    expect((await kit.call('GET', `/api/v1/agents/${a.id}/delivery`)).body).toMatchObject({ delivery: 'none', push_policy: false });
  });

  it('switches between relay and direct (direct needs a reachable endpoint)', async () => {
    const a = await kit.join('Switch Agent', { communication_policy: { mode: 'allowlist' } });
    expect((await kit.call('GET', `/api/v1/agents/${a.id}/delivery`)).body.delivery).toBe('none');
    expect((await patch(a.id, a.key, 'delivery', { delivery: 'relay' })).body.delivery).toBe('relay');
    const noUrl = await patch(a.id, a.key, 'delivery', { delivery: 'direct' });
    expect(noUrl.status).toBe(422);
    expect(parseErrorBody(422, noUrl.body).message).toContain('delivery');
    expect((await patch(a.id, a.key, 'delivery', { delivery: 'direct', endpoint: 'https://x.invalid/a2a' })).status).toBe(400);
    const direct = await patch(a.id, a.key, 'delivery', { delivery: 'direct', endpoint: 'https://sw.example/a2a' });
    expect(direct.body).toMatchObject({ delivery: 'direct', endpoint: 'https://sw.example/a2a', a2a_handshake_ok: true });
    const details = await kit.call('GET', `/api/v1/agents/${a.id}`);
    expect(details.body).toMatchObject({ delivery: 'direct', inbound_reachable: true, consec_push_failures: 0 });
    expect(Agent.parse(details.body).lastInboundOkAt).toBeGreaterThan(0);
  });
});
