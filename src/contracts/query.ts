import { z } from './zod';

/** Building blocks of query-string schemas (every value arrives as a string). */

/** Unknown query parameters are refused with this sentence. */
export const queryParams = {
  error: (iss: { code?: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys' ? `${iss.keys?.join(', ')}: not a query parameter of this operation` : undefined,
};

/** An optional whole-number parameter between min and max. */
export const IntParam = (min: number, max: number, what: string) =>
  z.optional(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, `${what} must be a whole number`)), z.transform(Number))
      .check(z.gte(min, `${what} must be ${min} to ${max}`), z.lte(max, `${what} must be ${min} to ${max}`)),
  );

/** A route that takes no query parameters. */
export const NoQuery = z.strictObject({}, queryParams);
