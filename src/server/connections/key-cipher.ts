import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * How saved API keys are kept at rest (README, Security): sealed with AES-256-GCM under
 * `KEYS_SECRET` (32 random bytes, base64), a setting that is never stored beside the data. Each
 * sealed value is bound to the row it belongs to (the additional data): a value copied into
 * another service's or agent's row does not open. Without the setting (the single-user default),
 * keys are kept as they are in the 0600 database, as keys.json kept them, and sealed on the first
 * start that has it.
 */
const SEALED = 'v1:';
const PLAIN = 'plain:';

export class KeySecretError extends Error {}

/** KEYS_SECRET as its 32 bytes; the message says what is wrong with it (never the value). */
export function parseKeysSecret(text: string): Buffer {
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== 32 || bytes.toString('base64') !== text.trim())
    throw new KeySecretError('KEYS_SECRET must be 32 random bytes in base64 (44 characters), e.g. from `openssl rand -base64 32`');
  return bytes;
}

export class KeyCipher {
  constructor(private readonly secret: Buffer | null) {}

  /** Whether values are sealed (a secret is set). */
  get seals(): boolean {
    return this.secret !== null;
  }

  /** Whether a stored value is sealed. */
  static isSealed(stored: string): boolean {
    return stored.startsWith(SEALED);
  }

  /** The stored form of `key` for the row named `row`. */
  seal(key: string, row: string): string {
    if (!this.secret) return PLAIN + key;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secret, iv);
    cipher.setAAD(Buffer.from(row, 'utf8'));
    const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
    return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The key a stored value holds; throws KeySecretError when it is sealed and cannot be opened. */
  open(stored: string, row: string): string {
    if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
    if (!stored.startsWith(SEALED)) throw new KeySecretError(`The saved key of ${row} is in a form this console does not know`);
    if (!this.secret) throw new KeySecretError('The saved keys are sealed: start the console with the KEYS_SECRET they were saved with');
    const raw = Buffer.from(stored.slice(SEALED.length), 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.secret, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(row, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      throw new KeySecretError(`The saved key of ${row} does not open with this KEYS_SECRET: start the console with the secret the keys were saved with`);
    }
  }
}
