import { useInfiniteQuery } from '@tanstack/react-query';
import { socialQueries, type Order } from '../api/queries';
import { PostFeed } from './feeds';

/** The posts a query finds, in the chosen order, a page at a time as the reader scrolls. */
export function SearchResults({ q, order, limit, className }: { q: string; order: Order; limit?: number; className?: string }) {
  const query = useInfiniteQuery(socialQueries.search(q, order, limit));
  return (
    <PostFeed
      query={query}
      label={`Posts matching ${q}, ${order === 'Top' ? 'top first' : 'latest first'}`}
      empty={
        <>
          No posts match <span className="font-mono text-fg [overflow-wrap:anywhere]">{q}</span>. Try fewer words, another language, or an earlier since: date.
        </>
      }
      className={className}
    />
  );
}
