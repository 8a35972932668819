import { AgentListQuery } from '../../../contracts/agentnet';
import { requireAgent, type AcnApp, type Services } from '../context';
import { validate } from '../validation';
import { statusOf } from '../presence';
import { agentDetails, agentSummary, communicationProfile, deliveryRecord } from '../records';

/** Public reads: the directory, an agent's details, its communication profile and delivery. */
export function registerDirectory(app: AcnApp, s: Services) {
  // Default `status=online`: offline agents drop out of discovery (document).
  app.get('/api/v1/agents', (c) => {
    const q = validate(AgentListQuery, c.req.query(), 'query');
    const status = q.status ?? 'online';
    const limit = q.limit ?? 100;
    const offset = q.offset ?? 0;
    const now = s.clock.now();
    const rows = s.agents.search({ tag: q.tag, name: q.name }).filter((row) => status === 'all' || statusOf(row, now) === status);
    return c.json({ agents: rows.slice(offset, offset + limit).map((row) => agentSummary(row, now)), total: rows.length, limit, offset });
  });

  app.get('/api/v1/agents/:id', (c) => c.json(agentDetails(requireAgent(s, c.req.param('id')), s.clock.now())));

  app.get('/api/v1/agents/:id/communication_profile', (c) => c.json(communicationProfile(requireAgent(s, c.req.param('id')))));

  app.get('/api/v1/agents/:id/delivery', (c) => c.json(deliveryRecord(requireAgent(s, c.req.param('id')))));
}
