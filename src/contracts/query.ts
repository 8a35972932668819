import { z } from './zod';

/**
 * Building blocks of query strings and path parameters (every value arrives as a string).
 * Lenient in: known parameters are typed strictly; the schema drops the ones nobody knows, which
 * the sandbox thereby ignores, while the BFF forwards the query string as it came.
 */

/** A query string schema: the known parameters typed, any other dropped. */
export const Query = z.object;

/** An optional whole-number parameter between min and max. */
export const IntParam = (min: number, max: number, what: string) =>
  z.optional(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, `${what} must be a whole number`)), z.transform(Number))
      .check(z.gte(min, `${what} must be ${min} to ${max}`), z.lte(max, `${what} must be ${min} to ${max}`)),
  );

/**
 * An optional whole number held between min and max: a value out of range is taken as the
 * nearest bound, and a missing or unreadable one as `fallback` (a list's page size, never refused).
 */
export const ClampedInt = (min: number, max: number, fallback: number) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((v) => Math.min(max, Math.max(min, v && Number.isFinite(Number(v)) ? Number(v) : fallback))),
  );

/** An optional true/false parameter (`true`, `false`, `1`, `0`). */
export const BoolParam = (what: string) =>
  z.optional(
    z.pipe(
      z.string().check(z.regex(/^(true|false|1|0)$/, `${what} must be true or false`)),
      z.transform((v) => v === 'true' || v === '1'),
    ),
  );

/** A route whose query the document gives no parameters (any sent are passed on and ignored). */
export const NoQuery = Query({});

/** A path parameter matching `pattern`, described for the refusal (`id must be a task id`). */
export const PathParam = (what: string, pattern: RegExp, description: string) =>
  z.string().check(z.regex(pattern, `${what} must be ${description}`));

/** The path parameters of a route. */
export const Params = z.object;
