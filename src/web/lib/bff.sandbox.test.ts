import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as agentnetRoutes from '../../contracts/bff-routes/agentnet';
import * as spendRoutes from '../../contracts/bff-routes/spend';
import { sendToSandboxConsole } from '../testing/sandbox-console';
import { bff } from './bff';

let sent: string[] = [];
beforeAll(() => void (sent = sendToSandboxConsole().sent));
afterAll(() => vi.unstubAllGlobals());

describe("calling the BFF's own routes from their table", () => {
  it("sends the entry's method and body, and answers the answer read with its schema", async () => {
    // The social service's limit: the 3D tests of this project queue tasks on the same console.
    await expect(bff(spendRoutes.setLimit, { params: { service: 'social' }, body: { daily: 5 } })).resolves.toMatchObject({ service: 'social', unit: 'credits', daily: 5, perWrite: null });
    expect(sent.at(-1)).toBe('PUT /api/spend/limits/social');
    const { limits } = await bff(spendRoutes.limits);
    expect(limits.find((l) => l.service === 'social' && l.unit === 'credits')).toMatchObject({ daily: 5 });
    await bff(spendRoutes.setLimit, { params: { service: 'social' }, body: { daily: null } });
  });

  it('takes the 204 of a route that answers nothing', async () => {
    await expect(bff(agentnetRoutes.forgetIdentity, { params: { agentId: 'agent-nobody' } })).resolves.toBeNull();
    expect(sent.at(-1)).toBe('DELETE /api/identities/agentnet/agent-nobody');
  });

  it("turns the BFF's refusal into an error in its words", async () => {
    await expect(bff(spendRoutes.setLimit, { params: { service: 'social' }, body: { daily: -1 } })).rejects.toMatchObject({ status: 400, field: 'daily', message: 'Nothing was saved: daily must be 0 or more.' });
  });
});
