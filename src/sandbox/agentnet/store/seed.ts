import { randomBytes } from 'node:crypto';
import type { Db } from '../../shared/db';
import type { Services } from '../context';
import { hashKey, newVerificationCode } from '../engine/keys';
import { seedAgents, seedSubnets, type SeedAgent } from './seed-data';
import { seedAgentId } from './seed-ids';
import { seedWork } from './seed-work';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const modes = { o: 'open', m: 'manifest', a: 'allowlist', c: 'closed' } as const;

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const paths: Partial<Record<SeedAgent[3], string>> = { d: '/a2a', t: '/a2a/task', x: '/rpc', e: '/a2a-empty', z: '/a2a-null', w: '/a2a-wrapped', k: '/a2a-nokind' };

/** Seeded endpoints live on example hosts, answered in-process (engine/example-hosts.ts). */
function endpointOf(name: string, delivery: SeedAgent[3]): string | null {
  const host = `${slugOf(name)}.agents.example`;
  if (delivery === 's') return `https://slow-${host}/a2a`;
  const path = paths[delivery];
  return path ? `https://${host}${path}` : null;
}

/** What the handshake probe finds there: the contract breakers still answer JSON-RPC. */
const probeOf = (d: SeedAgent[3]) => (d === 'x' ? 'http' : d === 's' ? 'timeout' : 'a2a');

/**
 * Seeds a fresh database once (marked in sandbox_meta, so deleting every agent does not bring
 * them back): ~40 agents and a few public subnets, times relative to the clock at seeding.
 * Seeded keys are random and never answered: nobody can act as a seeded agent.
 */
export function seedIfFresh(db: Db, s: Services) {
  const now = s.clock.now();
  s.subnets.ensureReserved(now);
  seedAgentsAndSubnets(db, s, now);
  seedWork(db, s, now);
}

function seedAgentsAndSubnets(db: Db, s: Services, now: number) {
  if (db.prepare(`SELECT 1 FROM sandbox_meta WHERE key = 'agentnet_seeded'`).get()) return;
  db.transaction(() => {
    seedAgents.forEach(([name, tags, mode, delivery, presence, description], i) => {
      const endpoint = endpointOf(name, delivery);
      const lastSeen = presence === 'L' ? now - (i % 9) * MINUTE : presence === 'H' ? now - (3 + (i % 20)) * HOUR : now - (14 + (i * 7) % 80) * DAY;
      s.agents.insert({
        agent_id: seedAgentId(name),
        key_hash: hashKey(`acn_${randomBytes(24).toString('base64url')}`),
        name,
        description,
        tags: JSON.stringify(tags.split(' ')),
        endpoint,
        endpoint_probe: endpoint ? probeOf(delivery) : null,
        endpoint_probed_at: endpoint ? lastSeen - 5 * MINUTE : null,
        mode: modes[mode],
        delivery_pref: delivery === 'r' ? 'relay' : endpoint ? 'direct' : null,
        claim_status: i % 3 === 0 ? 'claimed' : 'unclaimed',
        owner_id: i % 3 === 0 ? 'owner_seed_keeper' : null,
        verification_code: newVerificationCode(),
        agent_card: null,
        agent_card_url: endpoint ? `https://${slugOf(name)}.agents.example/.well-known/agent-card.json` : null,
        attention_fee: mode === 'm' && i % 2 === 0 ? 1 : 0,
        unread_manifest: mode === 'm' ? (i * 5) % 13 : 0,
        push_failures: delivery === 'x' || delivery === 'e' || delivery === 'z' || delivery === 'w' || delivery === 'k' ? 3 + (i % 4) : 0,
        created_at: Math.min(lastSeen, now - (20 + ((i * 11) % 180)) * DAY),
        last_seen: lastSeen,
        heartbeat_every: presence === 'L' ? (10 + (i % 11)) * MINUTE : null,
      });
    });
    seedSubnets.forEach(([id, name, owner, policy, parent, members, description], i) => {
      const createdAt = now - (60 - i * 7) * DAY;
      s.subnets.create({
        subnet_id: id,
        name,
        description,
        owner: seedAgentId(owner),
        private: 0,
        join_policy: policy,
        parent_id: parent,
        lifecycle: 'persistent',
        linked_task_id: null,
        created_at: createdAt,
      });
      members.forEach((member, j) => s.subnets.addMember(id, seedAgentId(member), 'member', createdAt + (j + 1) * DAY));
    });
    // A queued request, so the approval flow has something to show.
    s.admissions.insert({
      subnet_id: 'data-works',
      agent_id: seedAgentId('Chart Crafter'),
      kind: 'join_request',
      status: 'pending',
      note: 'I draw the charts for your cleaned tables.',
      created_at: now - 2 * HOUR,
    });
    db.prepare(`INSERT INTO sandbox_meta (key, value) VALUES ('agentnet_seeded', ?)`).run(String(now));
  })();
}
