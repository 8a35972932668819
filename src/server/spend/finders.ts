import { PaymentList, TaskList } from '../../contracts/agentnet';
import { paymentOps } from '../../contracts/agentnet/routes-payments';
import { workOps } from '../../contracts/agentnet/routes-work';
import { fillPath } from '../../contracts/routes';
import { DrawList, ExtractionList, MonitorList, workflowOps } from '../../contracts/social';
import type { ServiceId } from '../../contracts/services';
import type { SpendRow } from './spend-log';

/** One thing a write may have made, as the service's own list shows it, with what it cost where the list says (null: not yet known). */
export type Found = { id: string; createdAt: number | null; charged?: number | null };

/**
 * How to tell, from the service's own list, whether a spending write of the social service or the
 * agent network was made when its answer never came: the list to read (newest first), how to read
 * it, and which listed item the write's body made. 3D creates have their own matcher (reconcile.ts),
 * which also brings the task into the console's ledger.
 */
export type Finder = {
  /** The list path (with its query), or null when the body does not say where to look. */
  path: (body: Record<string, unknown>) => string | null;
  /** Whose key reads it: an agent id from the body (agent network), else the service's key. */
  actor?: (body: Record<string, unknown>) => string | null;
  /** The listed items made by a write with this body. */
  items: (json: unknown, body: Record<string, unknown>) => Found[];
};

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const same = (a: unknown, b: unknown) => str(a).replace(/^@/, '').toLowerCase() === str(b).replace(/^@/, '').toLowerCase();
/** A post reference (an id or a URL) names the same post as an id. */
const samePost = (ref: unknown, id: unknown) => str(ref) !== '' && str(id) !== '' && (str(ref) === str(id) || str(ref).endsWith(`/${str(id)}`));
const parsed = <T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } }, json: unknown): T | null => {
  const r = schema.safeParse(json);
  return r.success ? r.data : null;
};

/** The target fields an extraction request may carry: the job echoes one of them as `target`. */
const TARGET_FIELDS = ['targetUsername', 'targetTweetId', 'targetUserId', 'targetCommunityId', 'targetListId', 'targetSpaceId', 'searchQuery'];

export const finders: Readonly<Partial<Record<ServiceId, Readonly<Record<string, Finder>>>>> = {
  social: {
    'extractions.create': {
      path: (body) => `${workflowOps['extractions.list'].path}?limit=50&toolType=${encodeURIComponent(str(body.toolType))}`,
      items: (json, body) =>
        (parsed(ExtractionList, json)?.jobs ?? [])
          .filter((j) => j.toolType === body.toolType)
          .filter((j) => j.target == null || TARGET_FIELDS.some((f) => body[f] !== undefined && (same(body[f], j.target) || samePost(body[f], j.target))))
          // An ended job's charge is final (a failed one is refunded); a running job's is settled when it ends.
          .map((j) => ({ id: String(j.id), createdAt: j.createdAt, charged: j.status === 'failed' ? 0 : j.status === 'completed' ? j.creditsCharged : null })),
    },
    'draws.create': {
      path: () => `${workflowOps['draws.list'].path}?limit=50`,
      items: (json, body) =>
        (parsed(DrawList, json)?.draws ?? [])
          .filter((d) => samePost(body.tweetUrl, d.tweetId) || (d.tweetUrl !== null && str(d.tweetUrl) === str(body.tweetUrl)))
          .map((d) => ({ id: d.id, createdAt: d.createdAt })),
    },
    'monitors.create': {
      path: () => workflowOps['monitors.list'].path,
      items: (json, body) =>
        (parsed(MonitorList, json)?.monitors ?? []).filter((m) => same(m.username, body.username)).map((m) => ({ id: String(m.id), createdAt: m.createdAt })),
    },
    'monitors.keywords.create': {
      path: () => workflowOps['monitors.keywords.list'].path,
      items: (json, body) =>
        (parsed(MonitorList, json)?.monitors ?? []).filter((m) => str(m.query) === str(body.query)).map((m) => ({ id: String(m.id), createdAt: m.createdAt })),
    },
  },
  agentnet: {
    // A payment is listed among its buyer's payments, read with the buyer's key.
    'payments.create': {
      path: (body) => (str(body.from_agent) ? `${fillPath(paymentOps['payments.list'].path, { id: str(body.from_agent) })}?limit=50` : null),
      actor: (body) => str(body.from_agent) || null,
      items: (json, body) =>
        (parsed(PaymentList, json)?.tasks ?? [])
          .filter((p) => p.to === str(body.to_agent) && Number(p.amount) === Number(body.amount) && same(p.currency, body.currency ?? 'USD'))
          .map((p) => ({ id: p.id, createdAt: p.createdAt, charged: p.amount == null ? null : Number(p.amount) })),
    },
    // Pool tasks (an org-paid publish makes one too) are on the public board: matched by title and reward.
    'tasks.create': { path: () => `${workOps['tasks.list'].path}?limit=100`, items: (json, body) => poolTasks(json, body) },
    'orgs.publishTask': { path: () => `${workOps['tasks.list'].path}?limit=100`, items: (json, body) => poolTasks(json, body) },
  },
};

function poolTasks(json: unknown, body: Record<string, unknown>): Found[] {
  const reward = Number(body.reward ?? body.reward_amount ?? 0);
  return (parsed(TaskList, json)?.tasks ?? [])
    .filter((t) => t.title === str(body.title) && (!reward || Number(t.reward) === reward))
    .map((t) => ({ id: t.id, createdAt: t.createdAt }));
}

/** The finder of a spend row, if its service keeps a list that shows what the write made. */
export const finderOf = (row: Pick<SpendRow, 'service' | 'operation'>): Finder | null => finders[row.service]?.[row.operation] ?? null;

/** What a spending write made, from its answer: the first of these fields that holds an id (kept as the ledger row's reference). */
export const refFrom =
  (...fields: string[]) =>
  (json: unknown): string | null => {
    if (!json || typeof json !== 'object') return null;
    for (const f of fields) {
      const v = (json as Record<string, unknown>)[f];
      if (typeof v === 'string' || typeof v === 'number') return String(v);
    }
    return null;
  };

/** What a spending write cost, from its answer: the first of these fields that holds a number (or a number as text). */
export const chargeFrom =
  (...fields: string[]) =>
  (json: unknown): number | null => {
    if (!json || typeof json !== 'object') return null;
    for (const f of fields) {
      const v = (json as Record<string, unknown>)[f];
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (Number.isFinite(n) && n >= 0) return n;
    }
    return null;
  };
