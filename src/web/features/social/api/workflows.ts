import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import * as socialRoutes from '../../../../contracts/bff-routes/social';
import { ExtractionRow, socialOps, type EventType, type ExtractionRequest, type ExtractionRow as Row, type OnlyNewPage, type Verdict } from '../../../../contracts/social';
import type { z } from '../../../../contracts/zod';
import { bff } from '../../../lib/bff';
import { callOperation } from '../../../lib/operation';
import { wfKeys } from './workflow-keys';

/**
 * Queries and mutations of the social workflows: extraction jobs (the service's list and the
 * console's record of each job's new rows), schedules, draws, monitors and their events, webhooks
 * and their deliveries, the console's receiver log. Keys: social → workflows → …
 */
export { wfKeys };

export type JobFilter = { status?: 'pending' | 'running' | 'completed' | 'failed' | undefined; toolType?: string | undefined };
const live = (pending: boolean) => (pending ? 2000 : false);

export const wfQueries = {
  /** The service's job list, paged by its cursor; polled while a listed job is unfinished. */
  jobs: (f: JobFilter) =>
    infiniteQueryOptions({
      queryKey: [...wfKeys.jobs(), 'list', f] as const,
      queryFn: ({ signal, pageParam }) => callOperation(socialOps['extractions.list'], { query: { ...f, limit: 20, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore && last.cursor ? last.cursor : undefined),
      refetchInterval: (q) => live(!!q.state.data?.pages.some((p) => p.jobs.some((j) => j.status === 'pending' || j.status === 'running'))),
    }),
  /** A job (its first row read too, to know it exists), polled until it ends. */
  job: (id: string) =>
    queryOptions({
      queryKey: wfKeys.job(id),
      queryFn: ({ signal }) => callOperation(socialOps['extractions.get'], { params: { id }, query: { limit: 1 }, signal }).then((p) => p.job),
      refetchInterval: (q) => live(q.state.data?.status === 'pending' || q.state.data?.status === 'running'),
    }),
  /** Jobs the console started, with how many of their rows were new. */
  tracked: () => queryOptions({ queryKey: wfKeys.tracked(), queryFn: ({ signal }) => bff(socialRoutes.jobs, { signal }) }),
  schedules: () => queryOptions({ queryKey: wfKeys.schedules(), queryFn: ({ signal }) => bff(socialRoutes.schedules, { signal }) }),
  draws: () =>
    infiniteQueryOptions({
      queryKey: [...wfKeys.draws(), 'list'] as const,
      queryFn: ({ signal, pageParam }) => callOperation(socialOps['draws.list'], { query: { limit: 20, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore && last.cursor ? last.cursor : undefined),
    }),
  draw: (id: string) => queryOptions({ queryKey: [...wfKeys.draws(), 'one', id] as const, queryFn: ({ signal }) => callOperation(socialOps['draws.get'], { params: { id }, signal }) }),
  monitors: () =>
    queryOptions({
      queryKey: wfKeys.monitors(),
      queryFn: async ({ signal }) => {
        const [accounts, keywords] = await Promise.all([callOperation(socialOps['monitors.list'], { signal }), callOperation(socialOps['monitors.keywords.list'], { signal })]);
        return [...accounts.monitors, ...keywords.monitors].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
      },
    }),
  events: (f: { monitorId?: string | undefined; eventType?: string | undefined; keyword?: boolean }) =>
    infiniteQueryOptions({
      queryKey: [...wfKeys.events(), f] as const,
      queryFn: ({ signal, pageParam }) =>
        callOperation(socialOps['events.list'], {
          query: { limit: 20, cursor: pageParam ?? undefined, eventType: f.eventType, ...(f.keyword ? { keywordMonitorId: f.monitorId } : { monitorId: f.monitorId }) },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore && last.cursor ? last.cursor : undefined),
    }),
  webhooks: () => queryOptions({ queryKey: wfKeys.webhooks(), queryFn: ({ signal }) => callOperation(socialOps['webhooks.list'], { signal }).then((r) => r.webhooks) }),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: [...wfKeys.webhooks(), id, 'deliveries'] as const,
      queryFn: ({ signal }) => callOperation(socialOps['webhooks.deliveries'], { params: { id }, signal }).then((r) => r.deliveries),
      // Retries are scheduled by the service: the log is read again while one waits.
      refetchInterval: (q) => live(!!q.state.data?.some((d) => d.status === 'pending')),
    }),
  received: (verdict?: Verdict) =>
    infiniteQueryOptions({
      queryKey: [...wfKeys.received(), verdict ?? 'all'] as const,
      queryFn: ({ signal, pageParam }) => bff(socialRoutes.received, { query: { limit: 30, verdict, cursor: pageParam }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    }),
  /** The connected account (the sandbox's, or the one the live key's dashboard connected). */
  account: () =>
    queryOptions({
      queryKey: wfKeys.account(),
      queryFn: ({ signal }) => callOperation(socialOps.account, { signal }),
      staleTime: 5 * 60_000,
    }),
};

/** Every row of a job, read 1,000 at a time; `onProgress` after each page. */
export async function readAllRows(id: string, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await callOperation(socialOps['extractions.get'], { params: { id }, query: { limit: 1000, cursor }, signal });
    rows.push(...page.rows);
    onProgress(rows.length);
    cursor = page.hasMore && page.cursor ? page.cursor : undefined;
  } while (cursor);
  return rows;
}

/** The rows of a job no earlier run of its tool on its target had (the console's record), page by page. */
export async function readNewRows(id: string, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const page: z.output<typeof OnlyNewPage> = await bff(socialRoutes.newRows, { params: { id }, query: { limit: 1000, cursor }, signal });
    for (const r of page.rows) {
      const parsed = ExtractionRow.safeParse(r);
      if (parsed.success) rows.push(parsed.data);
    }
    onProgress(rows.length);
    cursor = page.hasMore ? page.nextCursor : null;
  } while (cursor);
  return rows;
}

export function useScheduleMutations() {
  const done = { invalidates: [wfKeys.schedules(), wfKeys.jobs(), wfKeys.tracked()] };
  return {
    create: useMutation({
      mutationFn: (b: { request: ExtractionRequest; everyHours: number }) => bff(socialRoutes.createSchedule, { body: { ...b, runNow: true } }),
      meta: done,
    }),
    update: useMutation({
      mutationFn: ({ id, ...patch }: { id: string; active?: boolean; everyHours?: number }) => bff(socialRoutes.changeSchedule, { params: { id }, body: patch }),
      meta: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => bff(socialRoutes.removeSchedule, { params: { id } }),
      meta: done,
    }),
    run: useMutation({
      mutationFn: (id: string) => bff(socialRoutes.runSchedule, { params: { id } }),
      meta: done,
    }),
  };
}

/** A webhook whose destination is this console's receiver (the BFF keeps its secret). */
export const createConsoleWebhook = (eventTypes: EventType[]) => bff(socialRoutes.createWebhook, { body: { eventTypes, origin: window.location.origin } });

export const replayEvent = (eventId: string) => bff(socialRoutes.replayEvent, { params: { id: eventId } });
