import { z } from './zod';

/** A number, also when a service sends it as a numeric string. */
export const Numeric = z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number))]);

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
