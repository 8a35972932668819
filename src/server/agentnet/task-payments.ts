import { PAY_AGAIN_REASON_MAX, PaymentTask, type TaskPaymentEntry } from '../../contracts/agentnet';
import type { ConnectionMode } from '../../contracts/bff';
import type { ApiError } from '../../contracts/errors';
import { apiError } from '../http/errors';
import { spendBody, type SpendLog, type SpendRow } from '../spend/spend-log';
import type { TriptychDb } from '../store/db';

/** Where a payment was made: the sandbox (whatever its origin), or one live base URL. */
export type Deployment = { mode: ConnectionMode; baseUrl: string };
export const deploymentAt = (mode: ConnectionMode, baseUrl: string): Deployment => ({ mode, baseUrl: mode === 'sandbox' ? 'sandbox' : baseUrl });
const sameDeployment = (row: Pick<SpendRow, 'mode' | 'base_url'>, d: Deployment) => row.mode === d.mode && (d.mode === 'sandbox' || row.base_url === d.baseUrl);

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) || 0 : 0);

/** The pool task a payment body pays for (its metadata names it) and why it is paid again, if it says. */
export function poolTaskOf(body: unknown): { taskId: string; reason: string | null } | null {
  const meta = body && typeof body === 'object' ? (body as { metadata?: unknown }).metadata : null;
  if (!meta || typeof meta !== 'object') return null;
  const taskId = str((meta as Record<string, unknown>).pool_task_id);
  return taskId ? { taskId, reason: str((meta as Record<string, unknown>).pay_again_reason) } : null;
}

/**
 * The payments the console made for pool tasks. A payment names its task in its metadata (the
 * service keeps it, so the payment itself says what it pays); the console keeps its own index of
 * them, filled from each answered payment and from payments whose answer was lost and that the
 * reconciler found afterwards in the service's list (the spend ledger holds their bodies). A
 * payment sent and not yet answered counts too: it may have been made.
 */
export class TaskPayments {
  constructor(
    private readonly db: TriptychDb,
    private readonly spends: SpendLog,
  ) {}

  /** A payment the service answered, for the task its body names (no task: nothing kept). */
  async record(d: Deployment, body: unknown, answer: unknown, spendId: number | null, at: number): Promise<void> {
    const named = poolTaskOf(body);
    const made = PaymentTask.safeParse(answer);
    if (!named || !made.success) return;
    const b = body as Record<string, unknown>;
    await this.db.q
      .insertInto('task_payments')
      .values({
        mode: d.mode,
        base_url: d.baseUrl,
        payment_id: made.data.id,
        pool_task_id: named.taskId,
        payer: made.data.from ?? str(b.from_agent),
        payee: made.data.to ?? str(b.to_agent),
        amount: num(b.amount),
        currency: String(b.currency ?? made.data.currency),
        reason: named.reason,
        spend_id: spendId,
        created_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** What the console paid for a task, newest first: made payments, then any still without an answer. */
  async forTask(d: Deployment, taskId: string): Promise<TaskPaymentEntry[]> {
    const rows = await this.db.q
      .selectFrom('task_payments')
      .selectAll()
      .where('mode', '=', d.mode)
      .where('base_url', '=', d.baseUrl)
      .where('pool_task_id', '=', taskId)
      .orderBy('created_at', 'desc')
      .execute();
    const made = rows.map((r): TaskPaymentEntry => ({ paymentId: r.payment_id, state: 'made', payer: r.payer, payee: r.payee, amount: r.amount, currency: r.currency, reason: r.reason, createdAt: r.created_at }));
    const sending = (await this.spends.sending('agentnet'))
      .filter((row) => row.operation === 'payments.create' && sameDeployment(row, d))
      .flatMap((row): TaskPaymentEntry[] => {
        const body = spendBody(row);
        const named = poolTaskOf(body);
        if (named?.taskId !== taskId) return [];
        return [{ paymentId: null, state: 'sending', payer: str(body.from_agent), payee: str(body.to_agent), amount: num(body.amount), currency: String(body.currency ?? row.unit), reason: named.reason, createdAt: row.created_at }];
      });
    return [...sending.reverse(), ...made];
  }

  /**
   * Why a payment with this body must not be sent: it names a task the console already paid (or
   * is paying) and gives no reason to pay it again. Null: it may go.
   */
  async refusal(d: Deployment, body: unknown): Promise<ApiError | null> {
    const named = poolTaskOf(body);
    if (!named || named.reason) return null;
    const last = (await this.forTask(d, named.taskId))[0];
    if (!last) return null;
    const what = `${last.amount} ${last.currency}${last.payee ? ` to ${last.payee}` : ''}`;
    const again = `To pay it a second time, say why in metadata.pay_again_reason (at most ${PAY_AGAIN_REASON_MAX} characters).`;
    const message =
      last.state === 'made'
        ? `Task ${named.taskId} is already paid by payment ${last.paymentId} (${what}), so this payment was not sent. ${again}`
        : `A payment for task ${named.taskId} (${what}) is still without an answer and may have been made, so this payment was not sent. Wait for the console to find it in the service's list, or: ${again}`;
    return apiError(409, 'task_already_paid', message, { field: 'metadata.pay_again_reason' });
  }

  /** A payment whose answer was lost, found afterwards in the service's list (spend/reconcile.ts): indexed by the task its body names. */
  async recovered(row: SpendRow, paymentId: string): Promise<void> {
    if (row.service !== 'agentnet' || row.operation !== 'payments.create') return;
    const body = spendBody(row);
    await this.record(deploymentAt(row.mode, row.base_url), body, { task_id: paymentId, from_agent: body.from_agent, to_agent: body.to_agent }, row.id, row.created_at);
  }
}
