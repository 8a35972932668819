import { z } from '../../../contracts/zod';
import { baseOf, type AcnApp, type Services } from '../context';
import { detailError, unauthorized } from '../errors';
import { ACCESS_TOKEN_SECONDS, hashKey, looksLikeKey, signAccessToken } from '../engine/keys';
import { AGENTNET_ROOT } from '../root';
import { readJsonOrForm, validate } from '../validation';

const TokenRequest = z.looseObject({
  grant_type: z.string({ error: 'grant_type is required' }),
  client_secret: z.string({ error: 'client_secret (the agent API key) is required' }).check(z.minLength(1, 'client_secret must not be empty')),
  client_id: z.optional(z.string()),
  scope: z.optional(z.string()),
});

export const TOKEN_SCOPE = 'agent';

/**
 * `POST /oauth/token` at the deployment root: client credentials, the agent key as secret.
 * The console uses it to verify a key without knowing the agent id: `sub` is the agent id.
 */
export function registerOauth(app: AcnApp, s: Services) {
  app.post('/oauth/token', async (c) => {
    const body = validate(TokenRequest, await readJsonOrForm(c), 'body');
    if (body.grant_type !== 'client_credentials') throw detailError(400, `unsupported grant_type "${body.grant_type}": use client_credentials`);
    const key = body.client_secret.trim();
    const agent = looksLikeKey(key) ? s.agents.byKeyHash(hashKey(key)) : undefined;
    if (!agent) throw unauthorized('Invalid client credentials');
    if (body.client_id && body.client_id !== agent.agent_id) throw unauthorized('Invalid client credentials: client_id is not the agent of this key');
    const now = s.clock.now();
    s.agents.touch(agent.agent_id, now);
    return c.json(
      {
        access_token: signAccessToken({
          iss: baseOf(c, AGENTNET_ROOT),
          sub: agent.agent_id,
          scope: TOKEN_SCOPE,
          nowMs: now,
        }),
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: TOKEN_SCOPE,
      },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });
}
