import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { socialOps, type PostList, type UserList } from '../../../../contracts/social';
import { callOperation } from '../../../lib/operation';
import { socialBalance, socialKeys } from './credits';

export type Order = 'Latest' | 'Top';
export const PAGE_SIZE = 50;

/**
 * A paginated list: pages `{items, hasNext, cursor}` (the contract's page), the next page named by
 * the opaque cursor the last one gave. Lists are kept for a while and not refetched on focus (that
 * would reload every page loaded so far).
 */
const pages = <T extends { hasNext: boolean; cursor: string | null }, K extends readonly unknown[]>(queryKey: K, page: (cursor: string | null, signal: AbortSignal) => Promise<T>) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) => page(pageParam, signal),
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
    pages([...socialKeys.all(), 'search', { q, order, limit }] as const, (cursor, signal) =>
      callOperation(socialOps['tweets.search'], { query: { q, queryType: order, limit, cursor }, signal }),
    ),
  /** People whose name, user name or bio has every word, or whose user name starts with the query. */
  people: (q: string) =>
    pages([...socialKeys.all(), 'people', q] as const, (cursor, signal) => callOperation(socialOps['users.search'], { query: { q, cursor }, signal })),
  posts: () => [...socialKeys.all(), 'posts'] as const,
  post: (id: string) =>
    queryOptions({
      queryKey: [...socialQueries.posts(), id] as const,
      queryFn: ({ signal }) => callOperation(socialOps['tweets.get'], { params: { id }, signal }),
      staleTime: 5 * 60_000,
    }),
  postPosts: (id: string, list: Extract<PostList, 'replies' | 'quotes' | 'thread'>) =>
    pages([...socialQueries.posts(), id, list] as const, (cursor, signal) => callOperation(socialOps[`tweets.${list}`], { params: { id }, query: { limit: PAGE_SIZE, cursor }, signal })),
  postUsers: (id: string, list: Extract<PostList, 'retweeters' | 'favoriters'>) =>
    pages([...socialQueries.posts(), id, list] as const, (cursor, signal) => callOperation(socialOps[`tweets.${list}`], { params: { id }, query: { limit: PAGE_SIZE, cursor }, signal })),
  users: () => [...socialKeys.all(), 'users'] as const,
  /** A user by id or user name (names in any case are the same user). */
  user: (ref: string) =>
    queryOptions({
      queryKey: [...socialQueries.users(), ref.toLowerCase()] as const,
      queryFn: ({ signal }) => callOperation(socialOps['users.get'], { params: { user: ref }, signal }),
      staleTime: 5 * 60_000,
    }),
  userPosts: (userId: string, list: Exclude<UserList, 'followers' | 'following' | 'verified-followers'>) =>
    pages([...socialQueries.users(), userId, list] as const, (cursor, signal) => callOperation(socialOps[`users.${list}`], { params: { user: userId }, query: { limit: PAGE_SIZE, cursor }, signal })),
  userUsers: (userId: string, list: Extract<UserList, 'followers' | 'following' | 'verified-followers'>) =>
    pages([...socialQueries.users(), userId, list] as const, (cursor, signal) => callOperation(socialOps[`users.${list}`], { params: { user: userId }, query: { limit: PAGE_SIZE, cursor }, signal })),
  trends: (woeid: number, count = 20) =>
    queryOptions({
      queryKey: [...socialKeys.all(), 'trends', woeid, count] as const,
      queryFn: ({ signal }) => callOperation(socialOps.trends, { query: { woeid, count }, signal }),
      staleTime: 5 * 60_000,
    }),
};
