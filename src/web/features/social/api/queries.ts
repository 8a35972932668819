import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { PostLookup, PostPage, SocialUser, Trends, UserPage, type PostList, type UserList } from '../../../../contracts/social';
import type { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { socialBalance, socialKeys } from './credits';

export type Order = 'Latest' | 'Top';
export const PAGE_SIZE = 50;

const base = '/api/social/api/v1/x';
const enc = encodeURIComponent;
const qs = (params: Record<string, string | number | null | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') s.set(k, String(v));
  return s.toString();
};

/**
 * A paginated list: pages `{items, hasNext, cursor}` (the contract's page), the next page named by
 * the opaque cursor the last one gave. Lists are kept for a while and not refetched on focus (that
 * would reload every page loaded so far).
 */
const pages = <T extends { hasNext: boolean; cursor: string | null }, K extends readonly unknown[]>(
  queryKey: K,
  path: (cursor: string | null) => string,
  schema: z.ZodMiniType<T>,
) =>
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the schema follows from the key (its list names what a page holds).
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => api(path(pageParam), schema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNext && last.cursor ? last.cursor : undefined),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

/**
 * Query keys and options of the social feature: all → search(q, order) · people(q) · posts → post(id) →
 * list · users → user(ref) → list · trends(woeid) · balance.
 */
export const socialQueries = {
  all: socialKeys.all,
  balance: socialBalance,
  search: (q: string, order: Order, limit = PAGE_SIZE) =>
    pages(
      [...socialKeys.all(), 'search', { q, order, limit }] as const,
      (cursor) => `${base}/tweets/search?${qs({ q, queryType: order, limit, cursor })}`,
      PostPage,
    ),
  /** People whose name, user name or bio has every word, or whose user name starts with the query. */
  people: (q: string) =>
    pages([...socialKeys.all(), 'people', q] as const, (cursor) => `${base}/users/search?${qs({ q, cursor })}`, UserPage),
  posts: () => [...socialKeys.all(), 'posts'] as const,
  post: (id: string) =>
    queryOptions({
      queryKey: [...socialQueries.posts(), id] as const,
      queryFn: ({ signal }) => api(`${base}/tweets/${enc(id)}`, PostLookup, { signal }),
      staleTime: 5 * 60_000,
    }),
  postPosts: (id: string, list: Extract<PostList, 'replies' | 'quotes' | 'thread'>) =>
    pages([...socialQueries.posts(), id, list] as const, (cursor) => `${base}/tweets/${enc(id)}/${list}?${qs({ limit: PAGE_SIZE, cursor })}`, PostPage),
  postUsers: (id: string, list: Extract<PostList, 'retweeters' | 'favoriters'>) =>
    pages([...socialQueries.posts(), id, list] as const, (cursor) => `${base}/tweets/${enc(id)}/${list}?${qs({ limit: PAGE_SIZE, cursor })}`, UserPage),
  users: () => [...socialKeys.all(), 'users'] as const,
  /** A user by id or user name (names in any case are the same user). */
  user: (ref: string) =>
    queryOptions({
      queryKey: [...socialQueries.users(), ref.toLowerCase()] as const,
      queryFn: ({ signal }) => api(`${base}/users/${enc(ref)}`, SocialUser, { signal }),
      staleTime: 5 * 60_000,
    }),
  userPosts: (userId: string, list: Exclude<UserList, 'followers' | 'following' | 'verified-followers'>) =>
    pages([...socialQueries.users(), userId, list] as const, (cursor) => `${base}/users/${enc(userId)}/${list}?${qs({ limit: PAGE_SIZE, cursor })}`, PostPage),
  userUsers: (userId: string, list: Extract<UserList, 'followers' | 'following' | 'verified-followers'>) =>
    pages([...socialQueries.users(), userId, list] as const, (cursor) => `${base}/users/${enc(userId)}/${list}?${qs({ limit: PAGE_SIZE, cursor })}`, UserPage),
  trends: (woeid: number, count = 20) =>
    queryOptions({
      queryKey: [...socialKeys.all(), 'trends', woeid, count] as const,
      queryFn: ({ signal }) => api(`${base}/trends?${qs({ woeid, count })}`, Trends, { signal }),
      staleTime: 5 * 60_000,
    }),
};
