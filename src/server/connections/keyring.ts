import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ConnectionMode } from '../../contracts/bff';
import { services, type ServiceId } from '../../contracts/services';
import type { TriptychDb } from '../store/db';
import { KeyCipher } from './key-cipher';

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

/** The name a sealed key is bound to: its row (connections/key-cipher.ts). */
const rowName = (r: { kind: 'service' | 'agent'; id: string; mode: string; base_url: string }) =>
  r.kind === 'service' ? `service ${r.id}` : `agent ${r.id} on ${r.mode} ${r.base_url}`;

/** The keys the table's rows hold, opened. */
function openRows(rows: ReadonlyArray<{ kind: 'service' | 'agent'; id: string; mode: ConnectionMode; base_url: string; origin: string | null; name: string | null; secret: string; added_at: number }>, cipher: KeyCipher): KeyFile {
  const data = KeyFile.parse({});
  for (const r of rows) {
    const key = cipher.open(r.secret, rowName(r));
    if (r.kind === 'service') {
      data.keys[r.id] = key;
      if (r.origin !== null) data.origins[r.id] = r.origin;
    } else data.agents.push({ agentId: r.id, name: r.name ?? r.id, key, mode: r.mode, baseUrl: r.base_url, addedAt: r.added_at });
  }
  return data;
}

/**
 * API keys live only here: rows of the database's `keyring` table (sealed under KEYS_SECRET when it
 * is set: key-cipher.ts), or the service's env variable. A key set from the Connections page (a
 * row; `source: 'file'`) wins over the environment's. The agent network's keys are per agent
 * (identities the console can act as). Nothing outside the BFF ever receives a key after the one
 * answer that creates it; callers get `hint()` (the last four characters). Reads come from memory,
 * loaded at start; each change is written to its row before the call returns.
 */
export class Keyring {
  private constructor(
    private readonly db: TriptychDb,
    private readonly cipher: KeyCipher,
    private readonly env: Partial<Record<string, string | undefined>>,
    private data: KeyFile,
  ) {}

  /**
   * The saved keys, opened with `secret` (KEYS_SECRET's bytes; null: none set). A keys.json left in
   * `dataDir` by an earlier console moves into the table (rows already there win) and the file is
   * deleted; keys kept plain are sealed once a secret is set. Throws KeySecretError when a sealed
   * key does not open with `secret`, so the console does not start without its keys.
   */
  static async open(db: TriptychDb, env: Partial<Record<string, string | undefined>>, opts: { dataDir?: string; secret?: Buffer | null } = {}): Promise<Keyring> {
    const cipher = new KeyCipher(opts.secret ?? null);
    const rows = await db.q.selectFrom('keyring').selectAll().execute();
    const data = openRows(rows, cipher);
    const ring = new Keyring(db, cipher, env, data);
    const file = opts.dataDir ? join(opts.dataDir, 'keys.json') : null;
    const adopted = file ? ring.readKeyFile(file) : null;
    if (adopted || (cipher.seals && rows.some((r) => !KeyCipher.isSealed(r.secret)))) {
      if (adopted) {
        for (const [service, key] of Object.entries(adopted.keys)) {
          if (data.keys[service] !== undefined) continue;
          data.keys[service] = key;
          const origin = adopted.origins[service];
          if (origin !== undefined) data.origins[service] = origin;
        }
        for (const agent of adopted.agents) if (!data.agents.some((a) => a.agentId === agent.agentId && a.mode === agent.mode && a.baseUrl === agent.baseUrl)) data.agents.push(agent);
      }
      await ring.writeAll();
    }
    // The plain file goes once its keys are in the table.
    if (adopted && file) rmSync(file, { force: true });
    return ring;
  }

  /** Reads the saved keys again (another process of the team changed them). */
  async reload(): Promise<void> {
    this.data = openRows(await this.db.q.selectFrom('keyring').selectAll().execute(), this.cipher);
  }

  /** keys.json of a console from before the keyring table, or null (none, or unreadable: then left where it is). */
  private readKeyFile(file: string): KeyFile | null {
    if (!existsSync(file)) return null;
    try {
      const parsed = KeyFile.safeParse(JSON.parse(readFileSync(file, 'utf8') || '{}'));
      if (parsed.success) return parsed.data;
    } catch {
      // Reported below.
    }
    console.error(`${file} could not be read: its keys were not moved into the database and the file is left as it is`);
    return null;
  }

  private serviceRow(service: string) {
    const row = { kind: 'service' as const, id: service, mode: 'live' as const, base_url: '' };
    return { ...row, origin: this.data.origins[service] ?? null, name: null, secret: this.cipher.seal(this.data.keys[service] ?? '', rowName(row)), added_at: 0 };
  }

  private agentRow(a: AgentIdentity) {
    const row = { kind: 'agent' as const, id: a.agentId, mode: a.mode, base_url: a.baseUrl };
    return { ...row, origin: null, name: a.name, secret: this.cipher.seal(a.key, rowName(row)), added_at: a.addedAt };
  }

  /** Every key held in memory written again (sealed when a secret is set), in one transaction. */
  private writeAll(): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.q.deleteFrom('keyring').execute();
      const rows = [...Object.keys(this.data.keys).map((s) => this.serviceRow(s)), ...this.data.agents.map((a) => this.agentRow(a))];
      if (rows.length > 0) await this.db.q.insertInto('keyring').values(rows).execute();
    });
  }

  private async upsert(row: ReturnType<Keyring['serviceRow']> | ReturnType<Keyring['agentRow']>): Promise<void> {
    await this.db.q
      .insertInto('keyring')
      .values(row)
      .onConflict((oc) => oc.columns(['kind', 'id', 'mode', 'base_url']).doUpdateSet({ origin: row.origin, name: row.name, secret: row.secret, added_at: row.added_at }))
      .execute();
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
  async set(service: ServiceId, key: string, baseUrl: string): Promise<void> {
    this.data = { ...this.data, keys: { ...this.data.keys, [service]: key }, origins: { ...this.data.origins, [service]: originOf(baseUrl) ?? baseUrl } };
    await this.upsert(this.serviceRow(service));
  }

  /** Forgets the saved key of a service (a key from the environment stays); true when one was saved. */
  async remove(service: ServiceId): Promise<boolean> {
    if (!(service in this.data.keys)) return false;
    const { [service]: _key, ...keys } = this.data.keys;
    const { [service]: _origin, ...origins } = this.data.origins;
    this.data = { ...this.data, keys, origins };
    await this.db.q.deleteFrom('keyring').where('kind', '=', 'service').where('id', '=', service).execute();
    return true;
  }

  /** Keys saved before keys were bound to an origin: bound to the base URL they were in use with. */
  async bindUnbound(baseUrlOf: (service: ServiceId) => string): Promise<void> {
    const unbound = Object.keys(this.data.keys).filter((s) => !(s in this.data.origins)) as ServiceId[];
    if (unbound.length === 0) return;
    const origins = { ...this.data.origins };
    for (const s of unbound) origins[s] = originOf(baseUrlOf(s)) ?? '';
    this.data = { ...this.data, origins };
    for (const s of unbound) await this.upsert(this.serviceRow(s));
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
  async putAgent(identity: AgentIdentity): Promise<void> {
    const rest = this.data.agents.filter((a) => !(a.agentId === identity.agentId && a.mode === identity.mode && a.baseUrl === identity.baseUrl));
    this.data = { ...this.data, agents: [...rest, identity] };
    await this.upsert(this.agentRow(identity));
  }

  async forgetAgent(agentId: string, mode: ConnectionMode, baseUrl: string): Promise<void> {
    const forgets = (a: { agentId: string; mode: ConnectionMode; baseUrl: string }) => a.agentId === agentId && a.mode === mode && (mode === 'sandbox' || a.baseUrl === baseUrl);
    this.data = { ...this.data, agents: this.data.agents.filter((a) => !forgets(a)) };
    let q = this.db.q.deleteFrom('keyring').where('kind', '=', 'agent').where('id', '=', agentId).where('mode', '=', mode);
    if (mode !== 'sandbox') q = q.where('base_url', '=', baseUrl);
    await q.execute();
  }

  /** Every saved key into `other` (sealed as `other` seals: the move to PostgreSQL), answering how many. */
  async copyTo(other: Keyring): Promise<number> {
    other.data = { keys: { ...this.data.keys }, origins: { ...this.data.origins }, agents: [...this.data.agents] };
    await other.writeAll();
    return Object.keys(this.data.keys).length + this.data.agents.length;
  }

  /** Every key held, to prove none leaks into a response (tests). */
  all(): string[] {
    const env = Object.values(services)
      .map((s) => this.env[s.envKey])
      .filter((k): k is string => !!k);
    return [...Object.values(this.data.keys), ...this.data.agents.map((a) => a.key), ...env];
  }
}
