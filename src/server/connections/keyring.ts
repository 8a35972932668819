import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { services, type ServiceId } from '../../contracts/services';

const KeyFile = z.record(z.string(), z.string());

export type StoredKey = { key: string; source: 'env' | 'file' };

/**
 * API keys live only here: a file in DATA_DIR with mode 0600, or the service's env variable.
 * A key set from the Connections page (file) wins over the environment's. Nothing outside the
 * BFF ever receives a key; callers get `hint()` (the last four characters).
 */
export class Keyring {
  private readonly file: string;
  private keys: Record<string, string>;

  constructor(
    dataDir: string,
    private readonly env: Partial<Record<string, string | undefined>>,
  ) {
    this.file = join(dataDir, 'keys.json');
    this.keys = existsSync(this.file) ? KeyFile.catch({}).parse(JSON.parse(readFileSync(this.file, 'utf8') || '{}')) : {};
    if (existsSync(this.file)) chmodSync(this.file, 0o600);
  }

  get(service: ServiceId): StoredKey | null {
    const fromFile = this.keys[service];
    if (fromFile) return { key: fromFile, source: 'file' };
    const fromEnv = this.env[services[service].envKey];
    return fromEnv ? { key: fromEnv, source: 'env' } : null;
  }

  set(service: ServiceId, key: string) {
    this.keys = { ...this.keys, [service]: key };
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.keys, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
    chmodSync(this.file, 0o600);
  }

  hint(service: ServiceId): string | null {
    const k = this.get(service)?.key;
    return k ? k.slice(-4) : null;
  }

  /** Every stored key, to make sure none leaks into a response (tests, redaction). */
  all(): string[] {
    return [...Object.values(this.keys), ...Object.values(services).map((s) => this.env[s.envKey]).filter((k): k is string => !!k)];
  }
}
