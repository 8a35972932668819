import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { asRole, type Role } from '../../contracts/roles';
import { Db } from '../store/database';
import { migrateToLatest } from '../store/migrate';
import { openKysely } from '../store/db';
import { Throttle, throttleMigrations, tryKeys, type ThrottleDatabase } from './throttle';
import { OIDC_PROVIDER, type Oidc } from './oidc';

/**
 * Operator accounts and their sessions, built on better-auth (email and password) with its
 * kysely adapter over `DATA_DIR/auth.db`, or the `auth` schema of PostgreSQL in team mode. Each
 * has a role (contracts/roles.ts: viewer, operator or admin; accounts from before roles are
 * admins), which the sign-in gate puts in the request's context for the role check.
 */

export type Operator = { id: string; email: string; name: string; role: Role };

export const MIN_PASSWORD = 12;
export const MAX_PASSWORD = 128;
/** The header the console sets to the caller's address (clients cannot send it: it is replaced). */
export const CLIENT_IP_HEADER = 'x-triptych-client-ip';

export type OperatorsOptions = {
  dataDir: string;
  /** PostgreSQL (team mode): the accounts, sessions and failed tries in its `auth` schema instead of `auth.db`. */
  databaseUrl?: string;
  /** The sign-in secret the team's processes share (node-lib/shared-secrets.ts); left out, DATA_DIR's auth.secret. */
  secret?: string;
  /** How long a session lasts after sign-in. */
  sessionHours: number;
  /** OpenID Connect sign-in (oidc.ts), when configured and its provider's discovery answered. */
  oidc?: Oidc | null;
  /** PUBLIC_URL: the console's origin as browsers reach it (better-auth builds the OpenID callback's redirects on it). */
  publicUrl?: string;
};

function secretFile(dataDir: string): string {
  const file = join(dataDir, 'auth.secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function authOptions(db: Kysely<ThrottleDatabase>, type: 'sqlite' | 'postgres', opts: OperatorsOptions, secure: boolean) {
  return {
    appName: 'Triptych',
    // One database for better-auth and the console's own tables (the sign-in throttle): on SQLite
    // one connection, which kysely hands to one transaction at a time (store/sqlite.ts).
    database: { db, type, transaction: true },
    secret: opts.secret ?? secretFile(opts.dataDir),
    // Only the console calls better-auth (auth.api), on its own routes; this base is never served
    // but for the OpenID callback, which sends on under PUBLIC_URL.
    baseURL: opts.publicUrl ?? 'http://127.0.0.1',
    plugins: opts.oidc ? [opts.oidc.plugin] : [],
    // The provider the operator set up says whose email it is: its sign-in joins the account with that email.
    account: { accountLinking: { enabled: true, trustedProviders: [OIDC_PROVIDER] } },
    // A flow better-auth cannot follow (a lost or forged state) comes back to the sign-in page, which says so.
    onAPIError: { errorURL: '/sign-in?sso-failed' },
    basePath: '/api/auth',
    telemetry: { enabled: false },
    logger: { level: 'error' },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: MIN_PASSWORD, maxPasswordLength: MAX_PASSWORD, revokeSessionsOnPasswordReset: true },
    // Sessions end a fixed time after sign-in; using the console does not extend them.
    session: { expiresIn: Math.round(opts.sessionHours * 3600), disableSessionRefresh: true },
    user: { additionalFields: { role: { type: 'string', required: false, defaultValue: 'admin', input: false } } },
    advanced: {
      cookiePrefix: 'triptych',
      // Secure (and the __Secure- prefix) only when the browser reached the console over https.
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
  } satisfies BetterAuthOptions;
}

export type Operators = ReturnType<typeof openOperators>;

/** Opens (and migrates, asynchronously: await `ready`) the operators' database. */
export function openOperators(opts: OperatorsOptions) {
  const { root, dialect, schema, prepare } = openKysely<ThrottleDatabase>(opts.databaseUrl ? { url: opts.databaseUrl, schema: 'auth' } : { file: join(opts.dataDir, 'auth.db') });
  const db = new Db(root, dialect);
  const type = dialect.name;
  const throttle = new Throttle(db, Date.now);
  const plain = betterAuth(authOptions(root, type, opts, false));
  const secure = betterAuth(authOptions(root, type, opts, true));
  const ready = (async () => {
    await prepare();
    await migrateToLatest(root, throttleMigrations, schema);
    const { runMigrations } = await getMigrations(authOptions(root, type, opts, false));
    await runMigrations();
  })();
  // A failure is reported by whoever awaits `ready`; none goes unhandled meanwhile.
  ready.catch(() => {});
  const context = async () => {
    await ready;
    return plain.$context;
  };

  return {
    db,
    ready,
    /** The better-auth instance for a request reached over https or not (cookie names differ). */
    auth: (https: boolean) => (https ? secure : plain),
    async count(): Promise<number> {
      return (await context()).internalAdapter.countTotalUsers();
    },
    async create(email: string, password: string, name = email.split('@')[0] ?? email, role: Role = 'admin'): Promise<Operator> {
      checkPassword(password);
      const ctx = await context();
      const address = email.trim().toLowerCase();
      if (await ctx.internalAdapter.findUserByEmail(address)) throw new OperatorError(`An operator with the email ${address} already exists.`);
      const user = await ctx.internalAdapter.createUser({ email: address, name, emailVerified: true, role }, { method: 'admin' });
      await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: await ctx.password.hash(password) });
      return toOperator(user);
    },
    /** Sets a new password from the command line (a forgotten one), ends the operator's sessions and forgets the account's failed tries. */
    async setPassword(email: string, password: string): Promise<void> {
      checkPassword(password);
      const ctx = await context();
      const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
      if (!found) throw new OperatorError(`No operator has the email ${email.trim().toLowerCase()}.`);
      await ctx.internalAdapter.updatePassword(found.user.id, await ctx.password.hash(password));
      await ctx.internalAdapter.deleteUserSessions(found.user.id);
      await throttle.forget(tryKeys('', found.user.email).account);
    },
    /** Gives an operator another role: it holds from their next request (each reads the account). */
    async setRole(email: string, role: Role): Promise<void> {
      const ctx = await context();
      const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
      if (!found) throw new OperatorError(`No operator has the email ${email.trim().toLowerCase()}.`);
      await ctx.internalAdapter.updateUser(found.user.id, { role });
    },
    async close() {
      await ready.catch(() => {});
      await db.close();
    },
  };
}

export class OperatorError extends Error {}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new OperatorError(`The password must have at least ${MIN_PASSWORD} characters.`);
  if (password.length > MAX_PASSWORD) throw new OperatorError(`The password must have at most ${MAX_PASSWORD} characters.`);
}

export function toOperator(user: { id: string; email: string; name: string } & Record<string, unknown>): Operator {
  // An account from before roles has none: it was its console's one admin.
  return { id: user.id, email: user.email, name: user.name, role: user.role === undefined || user.role === null ? 'admin' : asRole(user.role) };
}
