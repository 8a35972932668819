import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../env';
import { openDb, type TriptychDb } from '../store/db';
import { KeyCipher, KeySecretError } from './key-cipher';
import { Keyring } from './keyring';

const dirs: string[] = [];
const open: TriptychDb[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'triptych-keyring-'));
  dirs.push(dir);
  return dir;
};
const db = async (dir: string) => {
  const d = await openDb(dir);
  open.push(d);
  return d;
};
const secret = () => randomBytes(32);
const agent = { agentId: 'ag_1', name: 'Print Checker', key: 'acn_agent_key_5678', mode: 'live' as const, baseUrl: 'https://acn.example', addedAt: 1 };
/** What the keyring table holds, as stored. */
const stored = async (d: TriptychDb) => (await d.q.selectFrom('keyring').select(['kind', 'id', 'secret']).orderBy('kind').execute()).map((r) => `${r.kind} ${r.id} ${r.secret}`).join('\n');

describe('saved API keys', () => {
  it('moves a keys.json of an earlier console into the database, deletes the file, and reads the keys after a restart', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ keys: { gen3d: 'msy_live_key_1234' }, origins: { gen3d: 'https://api.meshy.ai' }, agents: [agent] }), { mode: 0o600 });
    const first = await Keyring.open(await db(dir), {}, { dataDir: dir });
    expect(existsSync(join(dir, 'keys.json'))).toBe(false);
    expect(first.keyFor('gen3d', 'https://api.meshy.ai/openapi/v2')).toBe('msy_live_key_1234');
    const again = await Keyring.open(await db(dir), {}, { dataDir: dir });
    expect(again.get('gen3d')).toEqual({ key: 'msy_live_key_1234', source: 'file', origin: 'https://api.meshy.ai' });
    expect(again.agentKey('ag_1', 'live', 'https://acn.example')).toBe('acn_agent_key_5678');
  });

  it('with KEYS_SECRET, keeps every key sealed (AES-256-GCM): the database holds none of them, and the same secret opens them after a restart', async () => {
    const dir = dataDir();
    const key = secret();
    const ring = await Keyring.open(await db(dir), {}, { dataDir: dir, secret: key });
    await ring.set('gen3d', 'msy_live_key_1234', 'https://api.meshy.ai');
    await ring.putAgent(agent);
    const d = await db(dir);
    const table = await stored(d);
    expect(table).not.toContain('msy_live_key_1234');
    expect(table).not.toContain('acn_agent_key_5678');
    expect(table).toMatch(/^agent ag_1 v1:\S+\nservice gen3d v1:\S+$/);
    const again = await Keyring.open(d, {}, { dataDir: dir, secret: Buffer.from(key) });
    expect(again.keyFor('gen3d', 'https://api.meshy.ai')).toBe('msy_live_key_1234');
    expect(again.agentKey('ag_1', 'live', 'https://acn.example')).toBe('acn_agent_key_5678');
  });

  it('does not start without the secret the keys were sealed with, and says why', async () => {
    const dir = dataDir();
    const ring = await Keyring.open(await db(dir), {}, { dataDir: dir, secret: secret() });
    await ring.set('gen3d', 'msy_live_key_1234', 'https://api.meshy.ai');
    await expect(Keyring.open(await db(dir), {}, { dataDir: dir, secret: secret() })).rejects.toThrow(/does not open with this KEYS_SECRET/);
    await expect(Keyring.open(await db(dir), {}, { dataDir: dir })).rejects.toThrow(/sealed: start the console with the KEYS_SECRET/);
  });

  it('seals the keys kept plain on the first start with KEYS_SECRET, a moved keys.json included', async () => {
    const dir = dataDir();
    const plain = await Keyring.open(await db(dir), {}, { dataDir: dir });
    await plain.set('social', 'xq_live_key_4321', 'https://xquik.com');
    expect(await stored(await db(dir))).toBe('service social plain:xq_live_key_4321');
    writeFileSync(join(dir, 'keys.json'), JSON.stringify({ keys: { gen3d: 'msy_live_key_1234' }, origins: { gen3d: 'https://api.meshy.ai' } }), { mode: 0o600 });
    const key = secret();
    const sealed = await Keyring.open(await db(dir), {}, { dataDir: dir, secret: key });
    expect(sealed.keyFor('social', 'https://xquik.com')).toBe('xq_live_key_4321');
    expect(sealed.keyFor('gen3d', 'https://api.meshy.ai')).toBe('msy_live_key_1234');
    const table = await stored(await db(dir));
    expect(table).toMatch(/^service gen3d v1:\S+\nservice social v1:\S+$/);
    expect(existsSync(join(dir, 'keys.json'))).toBe(false);
  });

  it('a sealed key copied into another row does not open there', () => {
    const cipher = new KeyCipher(secret());
    const sealed = cipher.seal('msy_live_key_1234', 'service gen3d');
    expect(cipher.open(sealed, 'service gen3d')).toBe('msy_live_key_1234');
    expect(() => cipher.open(sealed, 'service social')).toThrow(KeySecretError);
  });

  it('leaves an unreadable keys.json where it is and says so', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'keys.json'), '{ not json', { mode: 0o600 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const ring = await Keyring.open(await db(dir), {}, { dataDir: dir });
      expect(ring.get('gen3d')).toBeNull();
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/keys\.json could not be read: its keys were not moved/));
      expect(existsSync(join(dir, 'keys.json'))).toBe(true);
    } finally {
      error.mockRestore();
    }
  });

  it('KEYS_SECRET must be 32 bytes in base64; a wrong one stops the start with the reason, not the value', () => {
    expect(readEnv({ KEYS_SECRET: randomBytes(32).toString('base64') }).KEYS_SECRET).toHaveLength(32);
    expect(readEnv({}).KEYS_SECRET).toBeNull();
    const short = randomBytes(16).toString('base64');
    let message = '';
    try {
      readEnv({ KEYS_SECRET: short });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/KEYS_SECRET: KEYS_SECRET must be 32 random bytes in base64/);
    expect(message).not.toContain(short);
  });
});
