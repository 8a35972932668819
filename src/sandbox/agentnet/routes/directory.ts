import { requireAgent, type AcnHandlers, type Services } from '../context';
import { statusOf } from '../engine/presence';
import { agentDetails, agentSummary, communicationProfile, deliveryRecord } from './records';

/** Public reads: the directory, an agent's details, its communication profile and delivery. */
export function directoryHandlers(s: Services): AcnHandlers {
  return {
    // Default `status=online`: offline agents drop out of discovery (document).
    'agents.list': (c, { query: q }) => {
      const status = q.status ?? 'online';
      const limit = q.limit ?? 100;
      const offset = q.offset ?? 0;
      const now = s.clock.now();
      const tags = [q.tag, ...(q.skill?.split(',') ?? [])].map((t) => t?.trim()).filter((t): t is string => !!t);
      const rows = s.agents.search({ tags, name: q.name }).filter((row) => status === 'all' || statusOf(row, now) === status);
      return c.json({
        agents: rows.slice(offset, offset + limit).map((row) => agentSummary(row, now)),
        total: rows.length,
        limit,
        offset,
      });
    },
    'agents.get': (c, { params }) => c.json(agentDetails(requireAgent(s, params.id), s.clock.now())),
    'agents.communicationProfile': (c, { params }) => c.json(communicationProfile(requireAgent(s, params.id))),
    'agents.delivery.get': (c, { params }) => c.json(deliveryRecord(requireAgent(s, params.id))),
  };
}
