import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentnetOps } from '../contracts/agentnet';
import { DATA_URI_MAX_BODY, DEFAULT_MAX_BODY } from '../contracts/routes';
import { CHUNK, chunkedBody } from './testing/chunked-body';
import { makeKit, type Kit } from './testing/kit';

/**
 * Every route that reads a body stops reading at its limit: a chunked body (no Content-Length
 * to refuse it by) far larger than the limit is answered 413 with a sentence after at most the
 * limit and a chunk or two have been pulled from the client, and nothing is changed.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

type Sent = { status: number; text: string; pulled: number };
async function sendHuge(path: string, method = 'POST', contentType = 'application/json'): Promise<Sent> {
  const { body, pulled } = chunkedBody();
  const res = await kit.req(path, { method, body, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit);
  return { status: res.status, text: await res.text(), pulled: pulled() };
}
/** Refused with 413 and a sentence, having pulled no more than the limit and two chunks (of a 300 MB body). */
function expectStoppedAt(sent: Sent, limit: number, words: RegExp) {
  expect(sent.status).toBe(413);
  expect(sent.text).toMatch(words);
  expect(sent.pulled).toBeLessThanOrEqual(limit + 2 * CHUNK);
}

describe('bodies are read no further than their limit', () => {
  it("the BFF's own settings stop at 16 KB, and nothing is saved", async () => {
    const routes: Array<[string, string]> = [
      ['PUT', '/api/connections/gen3d'],
      ['PUT', '/api/spend/limits/gen3d'],
      ['POST', '/api/ledger/gen3d/import'],
      ['PUT', '/api/ledger/gen3d/archive'],
      ['POST', '/api/sandbox/gen3d/credits'],
      ['POST', '/api/agentnet/a2a-check'],
      ['PUT', '/api/agentnet/outbound'],
      ['PUT', '/api/agentnet/owner'],
      ['POST', '/api/agentnet/owner/sign-in'],
      ['POST', '/api/agentnet/orgs/org-1/wallet/top-up'],
      ['POST', '/api/agentnet/hooks'],
    ];
    for (const [method, path] of routes) {
      const sent = await sendHuge(path, method);
      expect(sent.status, `${method} ${path}`).toBe(413);
      expectStoppedAt(sent, 16 * 1024, /"message":"Nothing was [a-z ]+: the body is larger than this takes \(16 KB\)\."/);
    }
    expect((await kit.json<{ hooks: unknown[] }>('/api/agentnet/hooks')).body.hooks).toEqual([]);
    expect((await kit.json<{ owner?: unknown; set: boolean }>('/api/agentnet/owner')).body.set).toBe(false);
  });

  it('the social console stops at 256 KB, the most an extraction request takes', async () => {
    for (const [method, path] of [
      ['POST', '/api/social-console/webhooks'],
      ['POST', '/api/social-console/schedules'],
      ['PATCH', '/api/social-console/schedules/sch-1'],
    ] as const) {
      expectStoppedAt(await sendHuge(path, method), DEFAULT_MAX_BODY, /Nothing was sent: the body is larger than this takes \(256 KB\)\./);
    }
  });

  it('the webhook receivers stop at 256 KB and log nothing', async () => {
    const social = await kit.json<{ receiverUrl: string }>('/api/social-console/webhooks', { method: 'POST', json: { eventTypes: ['tweet.new'], origin: 'http://127.0.0.1:9' } });
    const agents = await kit.json<{ hookId: string }>('/api/agentnet/hooks', { method: 'POST', json: {} });
    expect([social.status, agents.status]).toEqual([201, 201]);
    expectStoppedAt(await sendHuge(new URL(social.body.receiverUrl).pathname), 256 * 1024, /A delivery takes at most 256 KB\./);
    expectStoppedAt(await sendHuge(`/api/hooks/agentnet/${agents.body.hookId}`), 256 * 1024, /A delivery takes at most 256 KB: this one was not read or logged\./);
    expect((await kit.json<{ deliveries: unknown[] }>('/api/social-console/received')).body.deliveries).toEqual([]);
    expect((await kit.json<{ deliveries: unknown[] }>('/api/agentnet/hooks/events')).body.deliveries).toEqual([]);
  });

  it("table operations stop at their operation's limit: 256 KB, 64 MB for creates that take data URIs", async () => {
    expectStoppedAt(await sendHuge('/api/social/api/v1/extractions'), DEFAULT_MAX_BODY, /the body is larger than this operation takes \(256 KB\)/);
    expectStoppedAt(await sendHuge('/api/gen3d/openapi/v1/image-to-3d'), DATA_URI_MAX_BODY, /the body is larger than this operation takes \(64 MB\)/);
  });

  it("the embedded sandbox's own routes stop too: its controls, its hand-written routes and checks run before the schemas", async () => {
    expectStoppedAt(await sendHuge('/sandbox/__control/clock'), 64 * 1024, /a control takes at most 64 KB; nothing was changed/);
    expectStoppedAt(await sendHuge('/sandbox/agentnet/owner/sign-in'), DEFAULT_MAX_BODY, /Request body too large/);
    expectStoppedAt(await sendHuge('/sandbox/agentnet/oauth/token', 'POST', 'application/x-www-form-urlencoded'), DEFAULT_MAX_BODY, /Request body too large/);
    expectStoppedAt(await sendHuge(`/sandbox/agentnet${agentnetOps['subnets.create'].path}`), DEFAULT_MAX_BODY, /Request body too large/);
  });
});

describe('large bodies that are allowed still pass', () => {
  it('a create with a 2 MB image data URI is taken', async () => {
    const image = `data:image/png;base64,${Buffer.alloc(1536 * 1024, 7).toString('base64')}`;
    expect(image.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await kit.json<{ result: string }>('/api/gen3d/openapi/v1/image-to-3d', { method: 'POST', json: { image_url: image } });
    expect(res.status, res.text.slice(0, 300)).toBe(202);
    expect(res.body.result).toEqual(expect.any(String));
  });

  it('an import of the most tasks it takes (50, with the longest ids) is read whole', async () => {
    const tasks = Array.from({ length: 50 }, (_, i) => ({ id: `${String(i).padStart(2, '0')}${'x'.repeat(98)}`, path: '/openapi/v1/multi-image-to-3d' }));
    expect(JSON.stringify({ tasks }).length).toBeGreaterThan(7 * 1024);
    const res = await kit.json<{ imported: unknown[]; skipped: Array<{ reason: string }> }>('/api/ledger/gen3d/import', { method: 'POST', json: { tasks } });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.skipped).toHaveLength(50);
    expect(res.body.skipped[0]?.reason).toMatch(/^Not found/);
  });
});
