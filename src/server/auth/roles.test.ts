import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../contracts/roles';
import { browser } from '../testing/browser';
import { makeKit, previewBody, type Kit } from '../testing/kit';

/*
 * Roles (contracts/roles.ts): a viewer reads and downloads; an operator also creates, spends and
 * acts as agents; an admin also sets keys and spend limits. A refusal comes before anything is sent.
 */

const PASSWORD = 'a long and fine password';
let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

async function console3() {
  kit = await makeKit({ signIn: { sessionHours: 12, trustProxy: false } });
  const k = kit;
  const people: Record<Role, ReturnType<typeof browser>> = { viewer: browser(() => k), operator: browser(() => k), admin: browser(() => k) };
  for (const role of ['viewer', 'operator', 'admin'] as const) {
    await k.app.operators?.create(`${role}@example.com`, PASSWORD, role, role);
    expect((await people[role].form('/sign-in', { email: `${role}@example.com`, password: PASSWORD, next: '/3d' })).status).toBe(303);
  }
  return { k, people };
}

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const sentCreates = async (b: ReturnType<typeof browser>) =>
  ((await (await b.send('/sandbox/__control/gen3d/requests')).json()) as { requests: Array<{ method: string; path: string }> }).requests.filter((r) => r.method === 'POST' && r.path.includes('text-to-3d'));

describe('roles', () => {
  it('a viewer reads, but a create is refused with 403 and nothing reaches the service or the spend ledger', async () => {
    const { people } = await console3();
    const viewer = people.viewer;
    expect((await viewer.send('/api/ledger/tasks?service=gen3d')).status).toBe(200);
    expect(((await (await viewer.send('/api/session')).json()) as { operator: { role: string } }).operator.role).toBe('viewer');
    const refused = await viewer.send('/api/gen3d/openapi/v2/text-to-3d', json('POST', previewBody('a viewer’s lamp')));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'forbidden',
      message: 'Your role is viewer: operators create, spend and act as agents. Nothing was sent; ask an admin.',
    });
    // The console's own writes too (here the sandbox's credits).
    expect((await viewer.send('/api/sandbox/gen3d/credits', json('POST', { balance: 10 }))).status).toBe(403);
    expect(await sentCreates(people.admin)).toEqual([]);
    expect(((await (await viewer.send('/api/spend/writes?service=gen3d')).json()) as { writes: unknown[] }).writes).toEqual([]);
  });

  it('an operator creates and spends, but cannot change keys or spend limits; an admin can', async () => {
    const { people } = await console3();
    const { operator, admin } = people;
    expect((await operator.send('/api/gen3d/openapi/v2/text-to-3d', json('POST', previewBody('an operator’s lamp')))).status).toBe(202);
    expect(await sentCreates(admin)).toHaveLength(1);
    for (const [path, init] of [
      ['/api/connections/gen3d', json('PUT', { mode: 'live', apiKey: 'msy_someone_elses_key', baseUrl: 'https://api.meshy.ai' })],
      ['/api/connections/gen3d/key', { method: 'DELETE' }],
      ['/api/spend/limits/gen3d', json('PUT', { daily: 1 })],
      ['/api/sandbox/gen3d/reset', { method: 'POST' }],
    ] as const) {
      const res = await operator.send(path, init);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Your role is operator: admins set keys, spend limits and accounts. Nothing was sent; ask an admin.');
    }
    expect(((await (await admin.send('/api/spend/limits')).json()) as { limits: Array<{ daily: number | null }> }).limits.every((l) => l.daily === null)).toBe(true);
    expect((await admin.send('/api/spend/limits/gen3d', json('PUT', { daily: 100 }))).status).toBe(200);
  });

  it('a new role holds from the next request', async () => {
    const { k, people } = await console3();
    expect((await people.viewer.send('/api/gen3d/openapi/v2/text-to-3d', json('POST', previewBody('a promoted lamp')))).status).toBe(403);
    await k.app.operators?.setRole('viewer@example.com', 'operator');
    expect((await people.viewer.send('/api/gen3d/openapi/v2/text-to-3d', json('POST', previewBody('a promoted lamp')))).status).toBe(202);
  });
});
