import { z } from 'zod';
import { resolve } from 'node:path';
import { isLoopback, parseHost } from '../node-lib/hosts';
import { parseKeysSecret } from './connections/key-cipher';

const optionalKey = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

const flag = (name: string) =>
  z
    .enum(['0', '1', ''], { error: `${name} must be 1 (on) or 0 (off)` })
    .default('0')
    .transform((v) => v === '1');

/**
 * Outbound requests and the task file archive. `createApp` reads these itself when it is not
 * given them (`readOutboundEnv`), so they work whoever starts the console.
 */
export const OutboundEnv = z.object({
  /** Live base URLs may be plain http on loopback (a local gateway; tests aim live mode at the embedded sandbox). */
  ALLOW_LOOPBACK_LIVE: flag('ALLOW_LOOPBACK_LIVE'),
  /** Operator-named destinations (agent endpoints, webhook targets) may be loopback or private addresses. */
  ALLOW_PRIVATE_DESTINATIONS: flag('ALLOW_PRIVATE_DESTINATIONS'),
  ARCHIVE_MAX_FILE_MB: z.coerce.number().int().min(1, 'ARCHIVE_MAX_FILE_MB must be at least 1').max(1_000_000).default(512),
  ARCHIVE_RETENTION_DAYS: z.coerce.number().int().min(0, 'ARCHIVE_RETENTION_DAYS is 0 (keep forever) or more days').max(36_500).default(0),
});
export type OutboundEnv = z.output<typeof OutboundEnv>;

export function readOutboundEnv(source: NodeJS.ProcessEnv = process.env): OutboundEnv {
  const parsed = OutboundEnv.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return parsed.data;
}

/** `ALLOWED_HOSTS`: comma-separated host names (with an optional port) the console also answers to. */
const hostList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .check((ctx) => {
    for (const h of ctx.value) {
      if (!parseHost(h))
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `"${h}" is not a host name (write names like console.example.com or console.example.com:8443, comma separated)`,
        });
    }
  });

/** The server's environment, validated once at start-up. */
export const Env = OutboundEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('data')
    .transform((p) => resolve(p)),
  SANDBOX_SPEED: z.coerce.number().positive('SANDBOX_SPEED must be above 0').max(1000).default(1),
  SANDBOX_CONTROL: flag('SANDBOX_CONTROL'),
  /** A sandbox process (`npm run sandbox`) to use instead of the embedded one: its http(s) origin, which every console of a team shares. */
  SANDBOX_URL: optionalKey.check((ctx) => {
    const url = ctx.value;
    if (url === undefined) return;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    const ok = parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password && (parsed.pathname === '/' || parsed.pathname === '') && !parsed.search && url.length <= 500;
    if (!ok) ctx.issues.push({ code: 'custom', input: url, message: 'SANDBOX_URL must be the sandbox process’s http(s) origin, without a path (e.g. http://sandbox:8790)' });
  }),
  GEN3D_API_KEY: optionalKey,
  SOCIAL_API_KEY: optionalKey,
  AGENTNET_API_KEY: optionalKey,
  ALLOWED_HOSTS: hostList,
  /** Team mode: the console's tables on this PostgreSQL database instead of SQLite files in DATA_DIR (README, Team). */
  DATABASE_URL: optionalKey.check((ctx) => {
    const url = ctx.value;
    if (url === undefined) return;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    const ok = parsed !== null && (parsed.protocol === 'postgres:' || parsed.protocol === 'postgresql:') && parsed.hostname !== '' && url.length <= 2000;
    if (!ok) ctx.issues.push({ code: 'custom', input: url, message: 'DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/database)' });
  }),
  /** Seals saved API keys (connections/key-cipher.ts): 32 random bytes in base64, never kept in DATA_DIR. */
  KEYS_SECRET: optionalKey.transform((s, ctx) => {
    if (s === undefined) return null;
    try {
      return parseKeysSecret(s);
    } catch (err) {
      ctx.issues.push({ code: 'custom', input: s, message: (err as Error).message });
      return z.NEVER;
    }
  }),
  /** OpenID Connect sign-in (README, Team mode): the provider's issuer URL, the console's client there, and how the page names it. */
  OIDC_ISSUER: optionalKey.check((ctx) => {
    const url = ctx.value;
    if (url === undefined) return;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    const ok = parsed !== null && (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed.hostname))) && !parsed.username && url.length <= 500;
    if (!ok) ctx.issues.push({ code: 'custom', input: url, message: 'OIDC_ISSUER must be the provider’s https issuer URL (plain http only on this machine)' });
  }),
  OIDC_CLIENT_ID: optionalKey.check((ctx) => {
    if (ctx.value !== undefined && ctx.value.length > 255) ctx.issues.push({ code: 'custom', input: ctx.value, message: 'OIDC_CLIENT_ID is at most 255 characters' });
  }),
  OIDC_CLIENT_SECRET: optionalKey.check((ctx) => {
    if (ctx.value !== undefined && ctx.value.length > 1000) ctx.issues.push({ code: 'custom', input: ctx.value, message: 'OIDC_CLIENT_SECRET is at most 1000 characters' });
  }),
  OIDC_NAME: z.string().trim().min(1).max(60, 'OIDC_NAME is at most 60 characters').default('single sign-on'),
  /** The console's origin as browsers reach it (https://console.example.com): OpenID's callback is registered under it. */
  PUBLIC_URL: optionalKey.check((ctx) => {
    const url = ctx.value;
    if (url === undefined) return;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    const ok = parsed !== null && (parsed.protocol === 'https:' || parsed.protocol === 'http:') && (parsed.pathname === '/' || parsed.pathname === '') && !parsed.search && !parsed.username && url.length <= 500;
    if (!ok) ctx.issues.push({ code: 'custom', input: url, message: 'PUBLIC_URL must be the console’s origin as browsers reach it, without a path (e.g. https://console.example.com)' });
  }),
  REQUIRE_SIGN_IN: flag('REQUIRE_SIGN_IN'),
  TRUST_PROXY: flag('TRUST_PROXY'),
  SESSION_HOURS: z.coerce
    .number()
    .positive('SESSION_HOURS must be above 0')
    .max(24 * 90, 'SESSION_HOURS must be at most 2160 (90 days)')
    .default(12),
})
  .check((ctx) => {
    const v = ctx.value;
    if (v.OIDC_ISSUER !== undefined) {
      const missing = (['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'PUBLIC_URL'] as const).filter((k) => v[k] === undefined);
      if (missing.length > 0) ctx.issues.push({ code: 'custom', input: v, path: ['OIDC_ISSUER'], message: `OpenID sign-in also needs ${missing.join(', ')}` });
      if (!(v.REQUIRE_SIGN_IN || !isLoopback(v.HOST) || v.DATABASE_URL !== undefined))
        ctx.issues.push({ code: 'custom', input: v, path: ['OIDC_ISSUER'], message: 'OpenID sign-in works where sign-in is on: set REQUIRE_SIGN_IN=1 (or run in team mode, or off loopback)' });
    }
    if (ctx.value.DATABASE_URL !== undefined && ctx.value.KEYS_SECRET === null)
      ctx.issues.push({ code: 'custom', input: ctx.value, path: ['KEYS_SECRET'], message: 'team mode (DATABASE_URL) keeps keys sealed: set KEYS_SECRET (32 random bytes in base64, e.g. from `openssl rand -base64 32`)' });
  })
  .transform((env) => ({
    ...env,
    /** Sign-in is required off loopback, in team mode (DATABASE_URL) and wherever REQUIRE_SIGN_IN=1 asks for it. */
    signIn: env.REQUIRE_SIGN_IN || !isLoopback(env.HOST) || env.DATABASE_URL !== undefined,
    /** OpenID Connect sign-in's settings, when OIDC_ISSUER is set (the check above made sure the rest is). */
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.PUBLIC_URL
        ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, name: env.OIDC_NAME, publicUrl: env.PUBLIC_URL }
        : null,
  }));
export type Env = z.output<typeof Env>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'ALLOWED_HOSTS'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
