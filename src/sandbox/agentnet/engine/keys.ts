import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Agent keys: `acn_` + 32 url-safe characters, random, stored only as a SHA-256 hash, answered
 * only by join and rotate-key. Access tokens: JWT-shaped, signed with a fixed sandbox HMAC
 * (the live service signs RS256 and publishes its key set; the sandbox does not imitate that).
 */

export const KEY_PREFIX = 'acn_';
const SANDBOX_SIGNING_SECRET = 'triptych-agentnet-sandbox-hs256';
export const ACCESS_TOKEN_SECONDS = 1800;

export const newApiKey = () => `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const looksLikeKey = (key: string) => /^acn_[A-Za-z0-9_-]{8,200}$/.test(key);

/** A human-typeable code for the claim page, e.g. `ACN-7KQ2-M9XD`. */
export function newVerificationCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `ACN-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function signAccessToken(claims: { iss: string; sub: string; scope: string; nowMs: number }): string {
  const iat = Math.floor(claims.nowMs / 1000);
  const header = b64({ alg: 'HS256', typ: 'JWT', kid: 'agentnet-sandbox' });
  const payload = b64({ iss: claims.iss, sub: claims.sub, aud: 'acn', scope: claims.scope, client_id: claims.sub, iat, exp: iat + ACCESS_TOKEN_SECONDS });
  const signature = createHmac('sha256', SANDBOX_SIGNING_SECRET).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Reads a token this sandbox signed; null when the signature does not match. */
export function readAccessToken(token: string): Record<string, unknown> | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', SANDBOX_SIGNING_SECRET).update(`${header}.${payload}`).digest('base64url');
  if (expected !== signature) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Owner identity tokens of the sandbox's owner sign-in (live: the identity provider's JWT). */
export const OWNER_TOKEN_SECONDS = 24 * 3600;
export function signOwnerToken(claims: { iss: string; sub: string; name: string; nowMs: number }): string {
  const iat = Math.floor(claims.nowMs / 1000);
  const header = b64({ alg: 'HS256', typ: 'JWT', kid: 'agentnet-sandbox-owner' });
  const payload = b64({ iss: claims.iss, sub: claims.sub, name: claims.name, aud: 'acn-owner', typ: 'owner', iat, exp: iat + OWNER_TOKEN_SECONDS });
  const signature = createHmac('sha256', SANDBOX_SIGNING_SECRET).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The owner a token names, or null (not an owner token, bad signature, or expired). */
export function readOwnerToken(token: string, nowMs: number): { id: string; name: string } | null {
  let claims: Record<string, unknown> | null;
  try {
    claims = readAccessToken(token);
  } catch {
    return null;
  }
  if (!claims || claims.typ !== 'owner' || typeof claims.sub !== 'string') return null;
  if (typeof claims.exp === 'number' && claims.exp * 1000 < nowMs) return null;
  return { id: claims.sub, name: typeof claims.name === 'string' ? claims.name : claims.sub };
}
