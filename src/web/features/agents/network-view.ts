import type { Tone } from '../../components/ui/badge';
import { ApiRequestError } from '../../lib/api';

/** Pure rules and words of the network pages (orgs, work, task pool, messages, payments, topology). */

export const workColumns = [
  { status: 'todo', label: 'To do' },
  { status: 'in_progress', label: 'In progress' },
  { status: 'done', label: 'Done' },
  { status: 'cancelled', label: 'Cancelled' },
] as const;
export type WorkStatus = (typeof workColumns)[number]['status'];

/** The column a card moves to (-1 left, +1 right), or null at an edge. */
export function neighbourColumn(status: WorkStatus, step: -1 | 1): WorkStatus | null {
  const i = workColumns.findIndex((c) => c.status === status);
  return workColumns[i + step]?.status ?? null;
}

/** Items grouped by a status, in the order of `statuses`; unknown statuses go to the first. */
export function groupByStatus<T extends { status: string }, S extends string>(items: readonly T[], statuses: readonly S[]): Record<S, T[]> {
  const out = Object.fromEntries(statuses.map((s) => [s, [] as T[]])) as Record<S, T[]>;
  for (const item of items) (out[item.status as S] ?? out[statuses[0] as S]).push(item);
  return out;
}

export const taskColumns = [
  { status: 'open', label: 'Open' },
  { status: 'assigned', label: 'Assigned' },
  { status: 'in_progress', label: 'In progress' },
  { status: 'submitted', label: 'Submitted' },
  { status: 'completed', label: 'Completed' },
  { status: 'rejected', label: 'Rejected' },
  { status: 'cancelled', label: 'Cancelled' },
] as const;
export type TaskStatus = (typeof taskColumns)[number]['status'];

export const taskTone = (status: string): Tone =>
  status === 'completed' ? 'success' : status === 'rejected' || status === 'cancelled' ? 'danger' : status === 'submitted' ? 'warning' : status === 'open' ? 'accent' : 'info';

const money = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
/** 12.5, "credits" → "12.5 credits"; the amount a person is asked to confirm. */
export const formatAmount = (amount: number, currency: string) => `${money.format(amount)} ${currency}`;

/**
 * What a task lets the acting agent do, each with the reason it may not: the creator reviews and
 * cancels, anyone else may accept an open task (not a human-only one), the assignee submits.
 */
export function taskActions(
  t: { status: string; creatorId: string | null; assigneeId: string | null; humanOnly: boolean },
  actAs: string | null,
  mine: { status: string } | null,
) {
  const live = !['completed', 'cancelled'].includes(t.status);
  const creator = !!actAs && t.creatorId === actAs;
  const why = (ok: boolean, reason: string) => (ok ? null : reason);
  const acceptReason = !actAs
    ? 'Act as an agent to accept a task.'
    : creator
      ? 'The creator cannot accept its own task.'
      : t.humanOnly
        ? 'Human-only task: the service answers 403 to agents. A person takes it on the service.'
        : t.status !== 'open'
          ? `Only open tasks are accepted; this one is ${t.status.replace(/_/g, ' ')}.`
          : mine
            ? 'The acting agent already takes part.'
            : null;
  const canSubmit = !!mine && (mine.status === 'active' || mine.status === 'rejected') && live;
  return {
    accept: acceptReason,
    submit: why(canSubmit, !actAs ? 'Act as the agent that accepted the task.' : !mine ? 'The acting agent has not accepted this task.' : `Its participation is ${mine.status}.`),
    review: why(creator && t.status === 'submitted', !creator ? 'Only the creator reviews results.' : 'There is no submitted result to review.'),
    cancel: why(creator && live, !creator ? 'Only the creator cancels a task.' : `The task is already ${t.status}.`),
  };
}

/** A 403 `ownership_mismatch` (or any governance 403) read as who may do it instead. */
export function governanceSentence(error: unknown, what: string): string | null {
  if (!(error instanceof ApiRequestError) || error.status !== 403) return null;
  return `${error.message} Only the org's creator or its claimed owner may ${what}: act as the creator, or claim the org as its owner.`;
}

export type DayAmount = { key: string; label: string; value: number };

/** Payments summed per UTC day and currency (the first currency seen, or `currency`), oldest first, at most `days` days. */
export function paymentsByDay(payments: ReadonlyArray<{ amount: number; currency: string; createdAt: number | null }>, currency: string, days = 14): DayAmount[] {
  const sums = new Map<string, number>();
  for (const p of payments) {
    if (p.currency !== currency || p.createdAt == null) continue;
    const key = new Date(p.createdAt).toISOString().slice(0, 10);
    sums.set(key, (sums.get(key) ?? 0) + p.amount);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .slice(-days)
    .map(([key, value]) => ({ key, label: key.slice(5).replace('-', '/'), value: Math.round(value * 100) / 100 }));
}

/** The currencies of a list of payments, most used first. */
export function currenciesOf(payments: ReadonlyArray<{ currency: string }>): string[] {
  const n = new Map<string, number>();
  for (const p of payments) n.set(p.currency, (n.get(p.currency) ?? 0) + 1);
  return [...n.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
}

/** Seconds left before a session invite expires (never below 0). */
export const secondsLeft = (expiresAt: number | null, now: number) => (expiresAt == null ? null : Math.max(0, Math.round((expiresAt - now) / 1000)));

/** Pretty JSON of a raw body, or the body as it came when it is not JSON. */
export function prettyBody(body: unknown): string {
  if (typeof body !== 'string') return JSON.stringify(body, null, 2);
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A JSON object typed in an editor: the object, or the reason it is not one. */
export function parseJsonObject(text: string): { value: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { value: {} };
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: 'The charter must be a JSON object: { "key": value, … }.' };
    return { value: v as Record<string, unknown> };
  } catch (e) {
    return { error: `Not valid JSON: ${(e as Error).message}` };
  }
}
