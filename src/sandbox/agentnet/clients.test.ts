import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshAddress, Kit } from './test-kit';

/**
 * What ACN's Python client (`acn_client`) sends and reads, for the operations the sandbox imitates.
 * Its pydantic models (acn_client/models.py) require these fields; a missing one raises in the client.
 */
const AgentJoinResponse = z.object({
  agent_id: z.string(),
  api_key: z.string(),
  status: z.string(),
  claim_status: z.string(),
  verification_code: z.string(),
  claim_url: z.string(),
  referral_url: z.string(),
  tasks_endpoint: z.string(),
  heartbeat_endpoint: z.string(),
  agent_card_url: z.string(),
});
const AgentInfo = z.looseObject({ agent_id: z.string(), name: z.string(), status: z.enum(['online', 'offline']), skills: z.array(z.string()), accepts_payment: z.boolean() });
const SubnetInfo = z.looseObject({ slug: z.string(), name: z.string(), owner: z.string(), agent_count: z.number().int(), lifecycle: z.string(), harness_registered: z.boolean() });

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

/** join_acn(): the body the client always sends. */
const joinAsClient = (name: string, skills: string[]) =>
  kit.call('POST', '/api/v1/agents/join', {
    json: { name, description: `${name} helps with testing the sandbox`, tags: skills, communication_policy: { mode: 'manifest' }, referrer_id: 'someone-else' },
    headers: { 'x-forwarded-for': freshAddress() },
  });

describe('ACN client against the sandbox', () => {
  it('join_acn: every string its AgentJoinResponse requires', async () => {
    const res = await joinAsClient('Client Joiner', ['search']);
    expect(res.status).toBe(200);
    AgentJoinResponse.parse(res.body);
  });

  it('get_agent and search_agents(skills): skills and accepts_payment, filtered by skill', async () => {
    const joined = AgentJoinResponse.parse((await joinAsClient('Skilled Finder', ['search', 'maps'])).body);
    await joinAsClient('Other Helper', ['cooking']);
    AgentInfo.parse((await kit.call('GET', `/api/v1/agents/${joined.agent_id}`)).body);
    const found = z.object({ agents: z.array(AgentInfo) }).loose().parse((await kit.call('GET', '/api/v1/agents?skill=search,maps&status=online')).body);
    expect(found.agents.map((a) => a.agent_id)).toEqual([joined.agent_id]);
  });

  it('update_policy: the wrapped body {communication_policy: {mode}}', async () => {
    const joined = AgentJoinResponse.parse((await joinAsClient('Policy Setter', ['x'])).body);
    const res = await kit.call('PATCH', `/api/v1/agents/${joined.agent_id}/policy`, { key: joined.api_key, json: { communication_policy: { mode: 'closed' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ communication_policy: { mode: 'closed' } });
  });

  it('create_subnet with parent_slug, lifecycle and metadata; list_subnets(parent=); get_agent_subnets reads ids', async () => {
    const joined = AgentJoinResponse.parse((await joinAsClient('Subnet Maker', ['x'])).body);
    const key = joined.api_key;
    const top = SubnetInfo.parse((await kit.call('POST', '/api/v1/subnets', { key, json: { name: 'Client Top', lifecycle: 'persistent', metadata: { team: 'a' } } })).body);
    const child = await kit.call('POST', '/api/v1/subnets', { key, json: { name: 'Client Child', parent_slug: top.slug, lifecycle: 'persistent' } });
    expect(child.status).toBe(201);
    const children = z.object({ subnets: z.array(SubnetInfo) }).loose().parse((await kit.call('GET', `/api/v1/subnets?parent=${top.slug}`, { key })).body);
    expect(children.subnets.map((s) => s.slug)).toEqual([SubnetInfo.parse(child.body).slug]);
    const mine = z.object({ subnets: z.array(z.string()) }).loose().parse((await kit.call('GET', `/api/v1/agents/${joined.agent_id}/subnets`, { key })).body);
    expect(mine.subnets).toContain(top.slug);
  });

  it('list_subnets: the reserved subnets carry an owner string', async () => {
    const list = z.object({ subnets: z.array(SubnetInfo) }).loose().parse((await kit.call('GET', '/api/v1/subnets')).body);
    expect(list.subnets.length).toBeGreaterThan(0);
  });
});
