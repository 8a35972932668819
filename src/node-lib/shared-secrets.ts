import { hkdfSync } from 'node:crypto';

/**
 * The secrets every process of a team must share (README, Team mode): the sign-in cookies'
 * (better-auth), the media links' signatures and the sandbox process's controls (its admin token). A single-user console keeps each in a file of
 * DATA_DIR; in team mode each is derived from KEYS_SECRET (HKDF-SHA-256, one label per use), so
 * replicas with their own DATA_DIR accept each other's sessions and links, and nothing of them is
 * stored beside the data. Changing KEYS_SECRET signs everyone out and renews every media link.
 */
export function teamSecret(keysSecret: Buffer, purpose: 'sign-in' | 'media' | 'sandbox-admin'): Buffer {
  return Buffer.from(hkdfSync('sha256', keysSecret, Buffer.alloc(0), `triptych ${purpose}`, 32));
}
