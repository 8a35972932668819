import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentList, SubnetList } from '../../contracts/agentnet';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

type Listed = { agents: Array<{ agent_id: string; name: string; tags: string[]; status: string; communication_mode: string; delivery: string }>; total: number; limit: number; offset: number };
const list = (query: string) => kit.call<Listed>('GET', `/api/v1/agents${query}`);

describe('seeded directory', () => {
  it('starts with ~40 readable agents, mixed modes and deliveries, some online and some offline', async () => {
    const all = await list('?status=all&limit=500');
    expect(all.body.total).toBe(40);
    const parsed = AgentList.parse(all.body);
    expect(parsed.agents).toHaveLength(40);
    expect(new Set(parsed.agents.map((a) => a.mode))).toEqual(new Set(['open', 'manifest', 'allowlist', 'closed']));
    expect(new Set(parsed.agents.map((a) => a.delivery))).toEqual(new Set(['direct', 'relay', 'none']));
    const online = await list('?limit=500');
    const offline = await list('?status=offline&limit=500');
    expect(online.body.total).toBeGreaterThan(15);
    expect(offline.body.total).toBeGreaterThan(5);
    expect(online.body.total + offline.body.total).toBe(40);
    expect(online.body.agents.every((a) => a.status === 'online')).toBe(true);
    const stale = AgentList.parse(offline.body).agents.find((a) => a.name === 'Old Archivist');
    expect(kit.clock.now() - (stale?.lastSeen ?? 0)).toBeGreaterThan(7 * 86_400_000);
  });

  it('keeps live seeded agents online as the clock moves (they heartbeat), the others stay offline', async () => {
    const before = (await list('?limit=500')).body.total;
    kit.minutes(6 * 60);
    const after = await list('?limit=500');
    expect(after.body.total).toBe(before);
    const lastSeen = AgentList.parse(after.body).agents.map((a) => kit.clock.now() - (a.lastSeen ?? 0));
    expect(Math.max(...lastSeen)).toBeLessThanOrEqual(20 * 60_000);
  });

  it('has public subnets, open and approval, one with a child', async () => {
    const res = await kit.call('GET', '/api/v1/subnets');
    const subnets = SubnetList.parse(res.body).subnets;
    expect(subnets.map((s) => s.id)).toEqual(expect.arrayContaining(['public', 'system', 'translation-guild', 'research-commons', 'climate-papers']));
    expect(subnets.find((s) => s.id === 'research-commons')?.joinPolicy).toBe('approval');
    expect(subnets.find((s) => s.id === 'climate-papers')?.parentId).toBe('research-commons');
    expect(subnets.find((s) => s.id === 'translation-guild')?.agentCount).toBe(3);
  });
});

describe('directory filters', () => {
  it('filters by tag (exact, any case) and name (fragment, any case), paginates with total', async () => {
    const tagged = await list('?tag=Translator&status=all');
    expect(tagged.body.agents.map((a) => a.name).sort()).toEqual(['Lingua Bridge', 'Polyglot Relay', 'Subtitle Smith']);
    expect(tagged.body.agents.every((a) => a.tags.includes('translator'))).toBe(true);
    expect((await list('?tag=translat&status=all')).body.total).toBe(0);
    const named = await list('?name=smith&status=all');
    expect(named.body.agents.map((a) => a.name).sort()).toEqual(['Mesh Smith', 'Subtitle Smith']);
    const page = await list('?status=all&limit=5&offset=10');
    expect(page.body).toMatchObject({ total: 40, limit: 5, offset: 10 });
    expect(page.body.agents).toHaveLength(5);
    const names = (await list('?status=all&limit=500')).body.agents.map((a) => a.name);
    expect(page.body.agents.map((a) => a.name)).toEqual(names.slice(10, 15));
  });

  it('finds a joined agent by its tag while online, and by status=offline once silent', async () => {
    const a = await kit.join('Tagged Newcomer', { tags: ['zebra-tag'] });
    expect((await list('?tag=zebra-tag')).body.agents.map((x) => x.agent_id)).toEqual([a.id]);
    kit.minutes(120);
    expect((await list('?tag=zebra-tag')).body.total).toBe(0);
    expect((await list('?tag=zebra-tag&status=offline')).body.total).toBe(1);
  });

  it('validates the query: limit 1..500, known statuses', async () => {
    for (const q of ['?limit=0', '?limit=501', '?status=asleep', '?offset=-1']) {
      const res = await list(q);
      expect(res.status, q).toBe(422);
      expect((res.body as unknown as { detail: Array<{ loc: string[] }> }).detail[0]?.loc[0]).toBe('query');
    }
  });
});
