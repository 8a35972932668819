import type { LedgerTask } from '../bff';

/*
 * Small facts about a task's files, apart from the output schemas (viewable.ts): the queue reads
 * them on the first page.
 */

/** A URL the browser may load: the console's own files or a data URI (never another host). */
export const loadable = (url: string | null | undefined): url is string => typeof url === 'string' && (url.startsWith('/') || url.startsWith('data:'));

/** A succeeded task whose files the service has dropped and the console never archived. */
export const filesExpired = (t: LedgerTask, now: number) => t.task.status === 'SUCCEEDED' && !t.archived && t.task.expires_at !== null && t.task.expires_at <= now;
