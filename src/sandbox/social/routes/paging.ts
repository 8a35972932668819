import { decodeCursor, encodeCursor } from '../engine/search/cursor';

export const DEFAULT_LIMIT = 20;

/** How a listing's items are named in its cursor (post or user ids, never positions). */
export type KeyCodec = { idOf: (item: number) => string; indexOf: (id: string) => number | undefined };

export type ListPage = { items: number[]; nextCursor: string | null } | { error: string };

/** First position in an ascending list whose value is >= x. */
function lowerBound(list: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One page of an ascending list, read in `order` after the item the cursor names; `keep`
 * filters items out (a filtered-out item never ends a page, so every kept item is seen once).
 */
export function pageList(
  scope: string,
  list: ArrayLike<number>,
  opts: { order: 'asc' | 'desc'; cursor: string | undefined; limit: number; codec: KeyCodec; keep?: (item: number) => boolean },
): ListPage {
  const { order, codec, limit } = opts;
  const keep = opts.keep ?? (() => true);
  let pos = order === 'desc' ? list.length - 1 : 0;
  if (opts.cursor !== undefined) {
    const decoded = decodeCursor(scope, opts.cursor);
    if (!decoded.ok) return { error: decoded.message };
    const after = typeof decoded.key[0] === 'string' ? codec.indexOf(decoded.key[0]) : undefined;
    if (after === undefined) return { error: 'cursor is not one this service gave: pass next_cursor from the previous page unchanged' };
    pos = order === 'desc' ? lowerBound(list, after) - 1 : lowerBound(list, after + 1);
  }
  const step = order === 'desc' ? -1 : 1;
  const inside = (p: number) => p >= 0 && p < list.length;
  const items: number[] = [];
  for (; inside(pos) && items.length < limit; pos += step) if (keep(list[pos]!)) items.push(list[pos]!);
  let more = false;
  for (let p = pos; inside(p) && !more; p += step) more = keep(list[p]!);
  const last = items[items.length - 1];
  return { items, nextCursor: more && last !== undefined ? encodeCursor(scope, [codec.idOf(last)]) : null };
}
