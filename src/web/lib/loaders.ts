import { notFound, type NotFoundError } from '@tanstack/react-router';
import type { QueryClient, FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api';

/** What a page's not-found view says: what is missing, why (a sentence), and a note when one helps. */
export type Missing = { what: string; message: string; note?: string };

export const missing = (data: Missing): NotFoundError => notFound({ data });

/**
 * A page's record, for its loader: loaded (or taken from the cache) before the page renders; a
 * 404 becomes the router's not-found page with the service's sentence, not an error.
 */
export async function ensureRecord<T, K extends QueryKey>(qc: QueryClient, options: FetchQueryOptions<T, Error, T, K>, what: string, note?: string): Promise<T> {
  try {
    return await qc.ensureQueryData(options);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw missing({ what, message: error.message, note });
    throw error;
  }
}

/** A value that cannot name a record (`12ab` as a post id): not found, with the reason. */
export function requireShape(ok: boolean, what: string, message: string): void {
  if (!ok) throw missing({ what, message });
}
