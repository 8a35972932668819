import { z } from './zod';

/*
 * Request fields' helpers: text with its limit, absolute URLs. Apart from common.ts, whose numbers
 * the first page's records read: only the pages with forms load these.
 */

/** An absolute http(s) URL. */
export const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** A generous limit for text the live service sets none for: it never refuses what the service takes. */
export const TEXT_MAX = 10_000;

/** A text field with its limit in the message (`prompt takes at most 600 characters`). */
export const Text = (what: string, max = TEXT_MAX) => z.string({ error: `${what} must be text` }).check(z.maxLength(max, `${what} takes at most ${max.toLocaleString('en')} characters`));
