import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ConnectionMode } from '../../contracts/bff';
import { services, type ServiceId } from '../../contracts/services';

const AgentIdentity = z.object({
  agentId: z.string(),
  name: z.string(),
  key: z.string(),
  mode: z.enum(['sandbox', 'live']),
  /** Live base URL the agent belongs to (keys are not portable between deployments). */
  baseUrl: z.string(),
  addedAt: z.number(),
});
export type AgentIdentity = z.infer<typeof AgentIdentity>;

const KeyFile = z.object({
  keys: z.record(z.string(), z.string()).default({}),
  /** The origin (scheme, host, port) each saved key was verified against: it is sent nowhere else. */
  origins: z.record(z.string(), z.string()).default({}),
  agents: z.array(AgentIdentity).default([]),
});
type KeyFile = z.infer<typeof KeyFile>;

export type StoredKey = { key: string; source: 'env' | 'file'; /** Where the key may be sent; null: not bound yet (a keys.json from before binding). */ origin: string | null };

/** The origin of a URL (`https://api.meshy.ai`), or null. */
export const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * API keys live only here: a file in DATA_DIR with mode 0600, or the service's env variable.
 * A key set from the Connections page (file) wins over the environment's. The agent network's
 * keys are per agent (identities the console can act as). Nothing outside the BFF ever receives a
 * key after the one answer that creates it; callers get `hint()` (the last four characters).
 */
export class Keyring {
  private readonly file: string;
  private data: KeyFile;

  constructor(
    dataDir: string,
    private readonly env: Partial<Record<string, string | undefined>>,
  ) {
    this.file = join(dataDir, 'keys.json');
    this.data = KeyFile.parse({});
    if (existsSync(this.file)) {
      chmodSync(this.file, 0o600);
      const parsed = KeyFile.safeParse(JSON.parse(readFileSync(this.file, 'utf8') || '{}'));
      if (parsed.success) this.data = parsed.data;
      else console.error(`keys.json in ${dataDir} could not be read; starting with no saved keys`);
    }
  }

  private save() {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2), { mode: 0o600 });
    renameSync(tmp, this.file);
    chmodSync(this.file, 0o600);
  }

  get(service: ServiceId): StoredKey | null {
    const fromFile = this.data.keys[service];
    if (fromFile) return { key: fromFile, source: 'file', origin: this.data.origins[service] ?? null };
    const fromEnv = this.env[services[service].envKey];
    // A key from the environment belongs to the service's public address.
    return fromEnv ? { key: fromEnv, source: 'env', origin: originOf(services[service].liveBaseUrl) } : null;
  }

  /** The key to send to a live base URL: only the one verified against that URL's origin. */
  keyFor(service: ServiceId, baseUrl: string): string | null {
    const stored = this.get(service);
    return stored && stored.origin !== null && stored.origin === originOf(baseUrl) ? stored.key : null;
  }

  /** Saves a key verified against `baseUrl`. */
  set(service: ServiceId, key: string, baseUrl: string) {
    this.data = { ...this.data, keys: { ...this.data.keys, [service]: key }, origins: { ...this.data.origins, [service]: originOf(baseUrl) ?? baseUrl } };
    this.save();
  }

  /** Forgets the saved key of a service (a key from the environment stays); true when one was saved. */
  remove(service: ServiceId): boolean {
    if (!(service in this.data.keys)) return false;
    const { [service]: _key, ...keys } = this.data.keys;
    const { [service]: _origin, ...origins } = this.data.origins;
    this.data = { ...this.data, keys, origins };
    this.save();
    return true;
  }

  /** Keys saved before keys were bound to an origin: bound to the base URL they were in use with. */
  bindUnbound(baseUrlOf: (service: ServiceId) => string) {
    const unbound = Object.keys(this.data.keys).filter((s) => !(s in this.data.origins)) as ServiceId[];
    if (unbound.length === 0) return;
    const origins = { ...this.data.origins };
    for (const s of unbound) origins[s] = originOf(baseUrlOf(s)) ?? '';
    this.data = { ...this.data, origins };
    this.save();
  }

  hint(service: ServiceId): string | null {
    const k = this.get(service)?.key;
    return k ? k.slice(-4) : null;
  }

  /** The agents the console holds keys for on one deployment (sandbox, or a live base URL). */
  agents(mode: ConnectionMode, baseUrl: string): AgentIdentity[] {
    return this.data.agents.filter((a) => a.mode === mode && (mode === 'sandbox' || a.baseUrl === baseUrl));
  }

  agentKey(agentId: string, mode: ConnectionMode, baseUrl: string): string | null {
    return this.agents(mode, baseUrl).find((a) => a.agentId === agentId)?.key ?? null;
  }

  /** Keeps (or replaces) an agent's key. */
  putAgent(identity: AgentIdentity) {
    const rest = this.data.agents.filter((a) => !(a.agentId === identity.agentId && a.mode === identity.mode && a.baseUrl === identity.baseUrl));
    this.data = { ...this.data, agents: [...rest, identity] };
    this.save();
  }

  forgetAgent(agentId: string, mode: ConnectionMode, baseUrl: string) {
    this.data = { ...this.data, agents: this.data.agents.filter((a) => !(a.agentId === agentId && a.mode === mode && (mode === 'sandbox' || a.baseUrl === baseUrl))) };
    this.save();
  }

  /** Every key held, to prove none leaks into a response (tests). */
  all(): string[] {
    const env = Object.values(services)
      .map((s) => this.env[s.envKey])
      .filter((k): k is string => !!k);
    return [...Object.values(this.data.keys), ...this.data.agents.map((a) => a.key), ...env];
  }
}
