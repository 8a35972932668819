import { z } from 'zod';

/**
 * What ACN's Python client (`acn_client/models.py`) requires of the answers it validates with
 * pydantic (lax mode: extra keys ignored, `None` refused for non-Optional fields, no int → str
 * coercion): the required fields and their strict types, read from the client's source.
 */
const iso = z.string().regex(/^\d{4}-\d\d-\d\dT/, 'an ISO time string (an epoch number fails)');
const str = z.string();

export const Org = z.looseObject({ org_id: str, display_name: str, plugins: z.record(z.string(), z.string()).optional(), roles: z.array(z.string()).optional(), created_at: iso.optional(), updated_at: iso.optional(), charter: z.record(z.string(), z.unknown()).optional(), owner: z.record(z.string(), z.unknown()).optional(), created_by: z.record(z.string(), z.unknown()).optional() });
export const OrgWorkItem = z.looseObject({ work_id: str, org_id: str, title: str, status: str, assignee_agent_id: z.string().nullable().optional(), created_at: iso.optional() });
export const OrgWorkList = z.looseObject({ work: z.array(OrgWorkItem) });
export const Tick = z.looseObject({ open_count: z.number().int(), work_ids: z.array(z.string()) });

export const TaskInfo = z.looseObject({
  task_id: str,
  status: str,
  creator_type: str,
  creator_id: str,
  creator_name: str,
  title: str,
  description: str,
  task_type: str,
  reward: str,
  total_budget: str,
  released_amount: str,
  reward_currency: str,
  required_tags: z.array(z.string()),
  completion_mode: str,
  require_join_approval: z.boolean(),
  auto_approve: z.boolean(),
  allow_repeat_by_same: z.boolean(),
  use_escrow: z.boolean(),
  active_participants_count: z.number().int(),
  completed_count: z.number().int(),
  created_at: iso,
});
export const TaskAccept = z.looseObject({ task: TaskInfo, participation_id: z.string().nullable().optional() });
export const Participation = z.looseObject({ participation_id: str, task_id: str, participant_id: str, participant_name: str, status: str, joined_at: iso });

export const ManifestEntry = z.looseObject({ mid: str, sender_id: str, summary: str, ts: z.number().int(), content_size: z.number().int(), message_type: z.string().nullable().optional() });
export const ManifestContent = z.looseObject({ mid: str, owner_id: str });
export const CommunicationProfile = z.looseObject({ agent_id: str, mode: str, attention_fee_required: z.boolean(), unread_manifest_count: z.number().int() });
export const AgentInfo = z.looseObject({ agent_id: str, name: str, status: z.enum(['online', 'offline']), skills: z.array(z.string()), accepts_payment: z.boolean() });

const methods = z.enum(['credit_card', 'debit_card', 'bank_transfer', 'paypal', 'apple_pay', 'google_pay', 'usdc', 'usdt', 'dai', 'eth', 'btc', 'platform_credits']);
export const PaymentCapability = z.looseObject({ supported_methods: z.array(methods).optional(), payment_methods: z.array(methods).optional(), supported_networks: z.array(z.enum(['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'solana', 'bitcoin'])), accepts_payment: z.boolean() });
export const PaymentTask = z.looseObject({ task_id: str, buyer_agent: str, seller_agent: str, task_description: str, amount: str, created_at: iso, status: str, payment_method: methods.nullable().optional() });
const side = z.looseObject({ count: z.number().int(), total_amount: str });
export const PaymentStats = z.looseObject({ total_tasks: z.number().int(), as_buyer: side, as_seller: side, by_status: z.record(z.string(), z.number().int()), completed_transactions: z.number().int() });
