import type { InfiniteData } from '@tanstack/react-query';
import type { LedgerPage, LedgerTask } from '../../../contracts/bff';

/** The queue's filters as the URL holds them (`?status=&type=&q=`) and the ledger pages take them. */
export type QueueFilters = { status?: string; type?: string; q?: string };

/** Status choices of the queue (a value may list several statuses, as the ledger pages take them). */
export const statusFilters = [
  { value: 'PENDING,IN_PROGRESS', label: 'Queued or running' },
  { value: 'PENDING', label: 'Queued' },
  { value: 'IN_PROGRESS', label: 'Running' },
  { value: 'SUCCEEDED', label: 'Succeeded' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELED', label: 'Canceled' },
] as const;

/** The query of a ledger page (values left empty are not sent). */
export const ledgerPageQuery = (filters: QueueFilters, cursor: string | null, limit: number) =>
  ({ service: 'gen3d', limit, status: filters.status, type: filters.type, q: filters.q, cursor }) as const;

/** Whether a task belongs in a list with these filters (the server's rules: statuses listed, exact type, text anywhere in id, prompt or name). */
export function matchesFilters(task: LedgerTask, f: QueueFilters): boolean {
  if (f.status && !f.status.split(',').includes(task.task.status)) return false;
  if (f.type && task.task.type !== f.type) return false;
  if (f.q) {
    const text = f.q.toLowerCase();
    const hay = [task.id, task.task.prompt, task.request.prompt, task.request.name].filter((v): v is string => typeof v === 'string').join(' ').toLowerCase();
    if (!hay.includes(text)) return false;
  }
  return true;
}

/**
 * Applies changed tasks to the pages a queue holds, without reading them again: a task held is
 * replaced where it is (or dropped when it no longer matches the filters); a new matching task
 * newer than the last one held goes in its place by creation time. Answers the same object when
 * nothing changed.
 */
export function patchPages(data: InfiniteData<LedgerPage, string | null> | undefined, changed: readonly LedgerTask[], filters: QueueFilters) {
  if (!data || changed.length === 0) return data;
  let pages = data.pages;
  let touched = false;
  for (const task of changed) {
    const match = matchesFilters(task, filters);
    let found = false;
    pages = pages.map((page) => {
      const i = page.tasks.findIndex((t) => t.id === task.id);
      if (i < 0) return page;
      found = true;
      touched = true;
      const tasks = match ? page.tasks.map((t, j) => (j === i ? task : t)) : page.tasks.filter((_, j) => j !== i);
      return { ...page, tasks };
    });
    if (found || !match) continue;
    // A new task: insert it by creation time into the page whose range holds it (never past the last held, which a later page owns).
    const last = pages.at(-1)?.tasks.at(-1);
    const allLoaded = pages.at(-1)?.nextCursor === null;
    if (last && task.createdAt < last.createdAt && !allLoaded) continue;
    const at = pages.findIndex((p) => p.tasks.length > 0 && p.tasks.some((t) => t.createdAt <= task.createdAt));
    const target = at < 0 ? pages.length - 1 : at;
    pages = pages.map((page, pi) => {
      if (pi !== target) return page;
      const tasks = [...page.tasks, task].sort((a, b) => b.createdAt - a.createdAt);
      return { ...page, tasks };
    });
    touched = true;
  }
  return touched ? { ...data, pages } : data;
}
