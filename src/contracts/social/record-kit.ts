import { Numeric } from '../common';
import { z } from '../zod';

/** Pieces the workflow records share: lenient scalars, lists that drop unreadable items, both paging spellings. */
export const Str = z.nullish(z.string());
export const Num = z.nullish(Numeric);
export const Bool = z.nullish(z.boolean());
export const Strings = z.pipe(z.nullish(z.array(z.string())), z.transform((v) => v ?? []));
/** Items of a list that read; an unreadable one is dropped rather than failing the page. */
export const itemsOf = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, list: unknown[] | null | undefined): T[] =>
  (list ?? []).flatMap((v) => {
    const r = schema.safeParse(v);
    return r.success ? [r.data as T] : [];
  });
/** `{hasMore, nextCursor}` (workflow lists) or `{has_next_page, next_cursor}`. */
export const PageFields = { hasMore: Bool, nextCursor: Str, has_next_page: Bool, next_cursor: Str };
export const paging = (p: { hasMore?: boolean | null; nextCursor?: string | null; has_next_page?: boolean | null; next_cursor?: string | null }) => {
  const cursor = p.nextCursor || p.next_cursor || null;
  return { hasMore: (p.hasMore ?? p.has_next_page ?? cursor !== null) && cursor !== null, cursor };
};

