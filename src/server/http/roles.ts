import type { Context, MiddlewareHandler } from 'hono';
import { asRole, may, neededFor, ROLE_WORDS, type Role } from '../../contracts/roles';
import { fail } from './errors';

/**
 * The role check (contracts/roles.ts): with sign-in on, a request whose operator's role is below
 * what it needs is answered 403 before anything is read or sent; without sign-in (the single-user
 * console on loopback) the one person is the admin, and nothing is checked.
 */
export function roleRefusal(c: Context, need: Role): Response | null {
  const operator = c.get('operator') as { role?: unknown } | undefined;
  if (!operator) return null;
  const have = asRole(operator.role);
  if (may(have, need)) return null;
  return fail(c, { status: 403, code: 'forbidden', message: `Your role is ${have}: ${ROLE_WORDS[need]}. Nothing was sent; ask an admin.`, retryAfter: null });
}

/** Every path past the sign-in gate: writes need an operator (a route of the BFF's table may ask more). */
export const roleGate: MiddlewareHandler = async (c, next) => roleRefusal(c, neededFor(c.req.method)) ?? next();
