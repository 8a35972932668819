import { z } from './zod';

/** A number, also when a service sends it as a numeric string. */
export const Numeric = z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number))]);
