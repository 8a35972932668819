import { z } from '../../contracts/zod';

/**
 * A text value of a page's search params. They arrive JSON-parsed (`?q=42` is a number), so read
 * them as text, cut to `max` characters (trimmed unless `trim: false`), and drop what is empty or
 * invalid rather than failing the page.
 */
export const textParam = (max: number, { trim = true }: { trim?: boolean } = {}) =>
  z.catch(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()]),
        z.transform((v) => (trim ? String(v).trim() : String(v)).slice(0, max) || undefined),
      ),
    ),
    undefined,
  );
