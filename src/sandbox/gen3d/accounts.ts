import { createHash } from 'node:crypto';

/**
 * Keys of the 3D service: `msy_…` (the document's prefix) or `msy-…` (the form some live keys and
 * clients use). The sandbox keeps no key: an account is the SHA-256 of its key.
 */
export const KEY = /^msy[_-][A-Za-z0-9_-]{4,200}$/;
export const accountOf = (key: string) => createHash('sha256').update(key).digest('hex');
/** A key as the bearer header carries it, or null. */
export const bearerKey = (header: string | undefined) => {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return key && KEY.test(key) ? key : null;
};
