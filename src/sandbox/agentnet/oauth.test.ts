import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseErrorBody } from '../../contracts/errors';
import { readAccessToken } from './engine/keys';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe('POST /oauth/token', () => {
  it('verifies a key without the agent id: sub is the agent id (JSON and form bodies)', async () => {
    const a = await kit.join('Token Agent');
    const json = await kit.call('POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_secret: a.key } });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ token_type: 'Bearer', expires_in: 1800, scope: 'agent' });
    const token = json.body.access_token as string;
    expect(token.split('.')).toHaveLength(3);
    expect(payloadOf(token)).toMatchObject({ sub: a.id });
    expect(readAccessToken(token)?.sub).toBe(a.id);
    const exp = payloadOf(token).exp as number;
    expect(exp * 1000 - kit.clock.now()).toBeGreaterThan(1790_000);
    expect(json.text).not.toContain(a.key);

    const form = await kit.call('POST', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: a.id, client_secret: a.key } });
    expect(form.status).toBe(200);
    expect(payloadOf(form.body.access_token as string).sub).toBe(a.id);
  });

  it('answers 401 for a wrong key or a client_id of another agent, and 400 for another grant', async () => {
    const a = await kit.join('Token Owner');
    const b = await kit.join('Token Other');
    const wrong = await kit.call('POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_secret: 'acn_wrongwrongwrongwrongwrongwrong' } });
    expect(wrong.status).toBe(401);
    expect(parseErrorBody(wrong.status, wrong.body)).toMatchObject({ code: 'unauthenticated', message: 'Invalid client credentials' });
    const mismatch = await kit.call('POST', '/oauth/token', { form: { grant_type: 'client_credentials', client_id: b.id, client_secret: a.key } });
    expect(mismatch.status).toBe(401);
    const grant = await kit.call('POST', '/oauth/token', { json: { grant_type: 'password', client_secret: a.key } });
    expect(grant.status).toBe(400);
    expect(parseErrorBody(grant.status, grant.body).message).toContain('client_credentials');
    const missing = await kit.call('POST', '/oauth/token', { json: { grant_type: 'client_credentials' } });
    expect(missing.status).toBe(422);
    expect(parseErrorBody(missing.status, missing.body)).toMatchObject({ field: 'client_secret' });
  });

  it('stops working for a rotated key', async () => {
    const a = await kit.join('Rotated Token Agent');
    await kit.call('POST', `/api/v1/agents/${a.id}/rotate-key`, { key: a.key });
    expect((await kit.call('POST', '/oauth/token', { json: { grant_type: 'client_credentials', client_secret: a.key } })).status).toBe(401);
  });
});
