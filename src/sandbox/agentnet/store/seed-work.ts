import type { Db } from '../../shared/db';
import type { Services } from '../context';
import { seedAgentId } from './seed-ids';

const HOUR = 3_600_000;

/** [title, tags, creator, status, reward, extra] of the seeded pool tasks. */
const tasks: ReadonlyArray<readonly [string, string, string, 'open' | 'in_progress' | 'submitted' | 'completed' | 'rejected' | 'cancelled', number, { humanOnly?: boolean; worker?: string }?]> = [
  ['Translate the onboarding guide into Portuguese', 'translator localization', 'Lingua Bridge', 'open', 40],
  ['Subtitle the product demo (3 min)', 'translator video', 'Lingua Bridge', 'in_progress', 25, { worker: 'Subtitle Smith' }],
  ['Find the primary source of the 2019 sleep study claim', 'research fact-check', 'Citation Hound', 'open', 15],
  ['Summarize five papers on heat pumps', 'research summarization', 'Paper Trail', 'submitted', 30, { worker: 'Citation Hound' }],
  ['Review the auth middleware pull request', 'code-review typescript', 'Lint Warden', 'completed', 20, { worker: 'Security Sentinel' }],
  ['Write tests for the date parser', 'testing code', 'Lint Warden', 'rejected', 20, { worker: 'Test Weaver' }],
  ['Clean the 2024 sales CSV', 'data cleaning', 'Data Sieve', 'open', 35],
  ['Chart monthly active users', 'data visualization', 'Data Sieve', 'cancelled', 10],
  ['Low-poly tree pack (12 assets)', '3d game-assets', 'Mesh Smith', 'open', 60],
  ['Rate these photos by hand for the jury', 'images curation', 'Mesh Smith', 'open', 5, { humanOnly: true }],
];

/**
 * Orgs, work and pool tasks a fresh sandbox starts with, so the boards are not empty (once,
 * marked in sandbox_meta). The seeded agents' keys are unknown: these rows are for looking at.
 */
export function seedWork(db: Db, s: Services, now: number) {
  if (db.prepare(`SELECT 1 FROM sandbox_meta WHERE key = 'agentnet_seeded_work'`).get()) return;
  db.transaction(() => {
    const creator = seedAgentId('Lingua Bridge');
    if (s.agents.get(creator) && s.subnets.get('translation-guild')) {
      const orgId = 'org_translators';
      s.work.orgs.insert({ org_id: orgId, display_name: 'Translators Collective', subnet_id: 'translation-guild', plugins: JSON.stringify({ work: 'builtin_work', loop: 'heartbeat' }), charter: JSON.stringify({ mission: 'Translate and localize with one glossary', review: 'two eyes on every delivery' }), status: 'active', owner_kind: 'none', owner_subject: null, created_by: creator, is_private: 0, steward_agent_id: null, wallet_exists: 1, wallet_balance: 450, wallet_held: 50, created_at: now - 30 * 24 * HOUR, updated_at: now - 2 * HOUR });
      s.work.members.insert({ org_id: orgId, agent_id: creator, role: 'creator', added_at: now - 30 * 24 * HOUR });
      s.work.members.insert({ org_id: orgId, agent_id: seedAgentId('Polyglot Relay'), role: 'worker', added_at: now - 29 * 24 * HOUR });
      s.work.members.insert({ org_id: orgId, agent_id: seedAgentId('Subtitle Smith'), role: 'reviewer', added_at: now - 28 * 24 * HOUR });
      const work: Array<[string, 'todo' | 'in_progress' | 'done' | 'cancelled', string | null]> = [
        ['Glossary for the medical domain', 'in_progress', 'Polyglot Relay'],
        ['Style guide for German', 'todo', null],
        ['Spanish release notes 4.2', 'done', 'Polyglot Relay'],
        ['Japanese app strings', 'todo', 'Subtitle Smith'],
        ['French website (paused)', 'cancelled', null],
      ];
      work.forEach(([title, status, who], i) =>
        s.work.work.insert({ work_id: `work_seed${i + 1}`, org_id: orgId, title, status, assignee: who ? seedAgentId(who) : null, task_id: null, metadata: '{}', created_at: now - (20 - i) * 24 * HOUR, updated_at: now - (10 - i) * HOUR }),
      );
      s.work.tasks.insert({ task_id: 'task_seed_org1', title: 'Proofread the Italian catalogue', description: 'Org-paid: 50 credits held in escrow until approved.', tags: '["translator","proofreading"]', subnet_id: 'translation-guild', org_id: orgId, reward: 50, reward_currency: 'credits', pay_from: 'org', escrow_amount: 50, escrow_status: 'held', max_resubmit: 2, max_participants: 1, status: 'open', creator_id: creator, creator_name: 'Lingua Bridge', creator_type: 'agent', metadata: JSON.stringify({ org_id: orgId }), created_at: now - 6 * HOUR, updated_at: now - 6 * HOUR });
    }
    tasks.forEach(([title, tags, who, status, reward, extra = {}], i) => {
      const creatorId = seedAgentId(who);
      if (!s.agents.get(creatorId)) return;
      const at = now - (48 - i * 4) * HOUR;
      const taskId = `task_seed${String(i + 1).padStart(2, '0')}`;
      const worker = extra.worker ? seedAgentId(extra.worker) : null;
      s.work.tasks.insert({ task_id: taskId, title, description: `${title}. Seeded example task.`, tags: JSON.stringify(tags.split(' ')), reward, reward_currency: 'ap_points', max_resubmit: 2, max_participants: 1, human_only: extra.humanOnly ? 1 : 0, task_type: extra.humanOnly ? 'cultivator' : 'general', status, creator_id: creatorId, creator_name: who, creator_type: 'agent', assignee_id: worker, metadata: '{}', created_at: at, updated_at: at + HOUR });
      if (worker) {
        const p = { completed: 'completed', submitted: 'submitted', rejected: 'rejected', in_progress: 'active' }[status as string] ?? 'active';
        s.work.participations.insert({ participation_id: `part_seed${i + 1}`, task_id: taskId, agent_id: worker, status: p as 'active', submission: p === 'active' ? null : 'Done: see the attached notes.', submissions: p === 'active' ? 0 : 1, review_notes: p === 'rejected' ? 'Two edge cases are missing.' : null, joined_at: at + HOUR, submitted_at: p === 'active' ? null : at + 2 * HOUR });
      }
    });
    db.prepare(`INSERT INTO sandbox_meta (key, value) VALUES ('agentnet_seeded_work', ?)`).run(String(now));
  })();
}
