import type { LedgerTask } from '../../../contracts/bff';
import { textTo3dCredits } from '../../../contracts/gen3d/text-to-3d-credits';
import type { Price } from '../../../contracts/routes';
import type { Tone } from '../../components/ui/badge';

/** How a task reads in the console: labels, tones, costs, times. */

export const typeLabel = (type: string | null) =>
  type === 'text-to-3d-preview'
    ? 'Preview'
    : type === 'text-to-3d-refine'
      ? 'Refine'
      : (type ?? 'Task')
          .replace(/[-_]/g, ' ')
          // Acronyms stay capitals: "image to 3D", "UV unwrap" (a heading "Uv unwrap" reads wrong).
          .replace(/\b3d\b/gi, '3D')
          .replace(/\buv\b/gi, 'UV');

export const statusLabel: Record<string, string> = {
  PENDING: 'Queued',
  IN_PROGRESS: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELED: 'Canceled',
};

export const statusTone = (status: string): Tone =>
  status === 'SUCCEEDED' ? 'success' : status === 'FAILED' ? 'danger' : status === 'IN_PROGRESS' ? 'accent' : status === 'PENDING' ? 'info' : 'neutral';

/** Credits a text-to-3D request will cost: its operation's price (contracts/gen3d/text-to-3d-credits.ts, without the route table). */
export const textTo3dCost = (body: { mode?: unknown; ai_model?: unknown }): number => textTo3dCredits(body);

/** Whether the task is text to 3D (a preview or a refine), whose price this module knows without the route table. */
export const isTextTo3d = (t: Pick<LedgerTask, 'createPath'>) => t.createPath.endsWith('/text-to-3d');

/** A price as the queue's credits column shows it: `20`, `5–30`. */
export const priceFigure = (p: Price) => (p.min === p.max ? `${p.max}` : `${p.min}–${p.max}`);

/**
 * Credits a task has taken from the balance. The service charges at creation and refunds a task
 * that fails or is cancelled, so a running task's price is already spent (`final` false: it can
 * still come back). An imported task shows what the service charged where it was made. Until the
 * record says what it spent, the charge is the task's price: text to 3D's own, else `price` (the
 * route table's, from `chargeOf`), else unknown ("…").
 */
export function creditsOf(t: LedgerTask, price?: Price | null): { credits: string; final: boolean } {
  // Made elsewhere: the record's charge is all the console knows (nothing of it is in this console's spend).
  if (t.imported) return { credits: String(t.task.consumed_credits ?? 0), final: !isRunning(t) };
  if (t.task.status === 'FAILED' || t.task.status === 'CANCELED') return { credits: String(t.task.consumed_credits ?? 0), final: true };
  const spent = t.task.consumed_credits;
  const final = t.task.status === 'SUCCEEDED';
  if (spent || (final && spent != null)) return { credits: String(spent), final };
  return { credits: isTextTo3d(t) ? String(textTo3dCost(t.request)) : price ? priceFigure(price) : '…', final };
}

/** Seconds since the task was created, or its whole run once finished. */
export function elapsedSeconds(t: LedgerTask, now: number): number {
  const start = t.task.created_at ?? t.createdAt;
  const end = t.task.finished_at ?? (['SUCCEEDED', 'FAILED', 'CANCELED'].includes(t.task.status) ? t.updatedAt : now);
  return Math.max(0, (end - start) / 1000);
}

export const promptOf = (t: LedgerTask) => t.task.prompt ?? (typeof t.request.prompt === 'string' ? t.request.prompt : null);

/**
 * What a task's page calls it: its prompt, else its name (a product prototype's), else its type and
 * short id ("Rig 0d7fd8de"), never the bare 36-character id its header already shows below.
 */
export function titleOf(t: LedgerTask): string {
  const name = t.task.name?.trim() || (typeof t.request.name === 'string' ? t.request.name.trim() : '');
  const fallback = `${typeLabel(t.task.type)} ${t.id.slice(0, 8)}`;
  return promptOf(t) ?? (name || fallback.charAt(0).toUpperCase() + fallback.slice(1));
}

export const isRunning = (t: LedgerTask) => t.task.status === 'PENDING' || t.task.status === 'IN_PROGRESS';
