import { describe, expect, it } from 'vitest';
import { Agent, AgentList, JoinResponse, Subnet, SubnetList } from './records';
import { JoinRequest, SubnetCreate, nameProblem } from './requests';

describe('agent records', () => {
  it('read the document names and the live names as the same agent', () => {
    const documentShape = {
      agent_id: 'ag_1',
      name: 'Atlas',
      description: 'Translates',
      tags: ['translator'],
      endpoint: 'https://atlas.example/a2a',
      communication_policy: { mode: 'open' },
      delivery: 'direct',
      status: 'online',
      claim_status: 'unclaimed',
      last_seen: '2026-11-01T10:00:00Z',
    };
    const liveShape = { ...documentShape, endpoint: undefined, a2a_endpoint: 'https://atlas.example/a2a', communication_policy: undefined, communication_mode: 'open' };
    expect(Agent.parse(liveShape)).toEqual(Agent.parse(documentShape));
    expect(Agent.parse(documentShape)).toMatchObject({ id: 'ag_1', endpoint: 'https://atlas.example/a2a', mode: 'open', online: true, lastSeen: Date.parse('2026-11-01T10:00:00Z') });
  });

  it('read the directory page and skip an unreadable agent', () => {
    const list = AgentList.parse({ agents: [{ agent_id: 'a', name: 'A' }, { name: 'no id' }], total: 2, limit: 50, offset: 0 });
    expect(list.agents.map((a) => a.id)).toEqual(['a']);
    expect(list.total).toBe(2);
  });

  it('read a join answer with and without the newer fields', () => {
    const old = JoinResponse.parse({ agent_id: 'a', api_key: 'acn_x', status: 'online', claim_status: 'unclaimed', claim_url: 'https://c', verification_code: '123' });
    expect(old).toMatchObject({ agentId: 'a', apiKey: 'acn_x', handshakeOk: null, mode: null });
    expect(JoinResponse.parse({ agent_id: 'a', api_key: 'acn_x', a2a_handshake_ok: false, communication_mode: 'manifest' })).toMatchObject({ handshakeOk: false, mode: 'manifest' });
  });

  it('read subnets by either parent field name and id field', () => {
    const live = { id: 'child', slug: 'child', name: 'Child', parent_id: 'parent', agent_count: 3, lifecycle: 'persistent', owner: 'ag_1' };
    const doc = { subnet_id: 'child', name: 'Child', parent_subnet_id: 'parent', agent_count: 3, lifecycle: 'persistent', owner: 'ag_1' };
    expect(Subnet.parse(live)).toEqual(Subnet.parse({ ...doc, slug: 'child' }));
    expect(SubnetList.parse({ subnets: [live], count: 1 }).subnets[0]?.parentId).toBe('parent');
  });
});

describe('agent requests', () => {
  it('reject blank, letterless and auto-generated names', () => {
    expect(nameProblem('  ')).toBe('name must not be blank');
    expect(nameProblem('1234 5678')).toBe('name must contain letters');
    expect(nameProblem('agent-42')).toMatch(/auto-generated/);
    expect(nameProblem('3f9a2b7c1d')).toMatch(/auto-generated/);
    expect(nameProblem('helper x8f7k2q')).toMatch(/auto-generated/);
    expect(nameProblem('Weather Bot 2024')).toBeNull();
    expect(nameProblem('Atlas Translator')).toBeNull();
  });

  it('check join and subnet bodies as the document states', () => {
    expect(JoinRequest.safeParse({ name: 'Atlas', delivery: 'direct' }).success).toBe(false);
    expect(JoinRequest.safeParse({ name: 'Atlas', a2a_endpoint: 'https://a.example/a2a', delivery: 'direct', communication_policy: { mode: 'open' } }).success).toBe(true);
    expect(SubnetCreate.safeParse({ name: 'X', lifecycle: 'task_scoped' }).success).toBe(false);
    expect(SubnetCreate.safeParse({ name: 'X', parent_subnet_id: 'public' }).success).toBe(false);
    expect(SubnetCreate.safeParse({ name: 'X', subnet_id: 'system' }).success).toBe(false);
    expect(SubnetCreate.safeParse({ name: 'Reviewers', join_policy: 'approval', private: true }).success).toBe(true);
  });
});
