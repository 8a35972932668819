import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../node-lib/sqlite';
import { createApp } from '../app';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const mode = (p: string) => statSync(p).mode & 0o777;
const open = (dataDir: string, signIn = false) => createApp({ dataDir, sandboxSpeed: 40, sandboxControl: false, signIn: signIn ? { sessionHours: 12, trustProxy: false } : undefined });
function root() {
  const r = mkdtempSync(join(tmpdir(), 'triptych-modes-'));
  roots.push(r);
  return r;
}
/** Every SQLite file in the data directory, with the -wal and -shm beside them. */
const sqliteFiles = (dir: string) => readdirSync(dir).filter((f) => /\.db(-wal|-shm)?$/.test(f));

describe('DATA_DIR is private to the console’s user', () => {
  it('creates the directory 0700 and the databases, their -wal and -shm, keys.json and the sign-in secret 0600', async () => {
    const dir = join(root(), 'data');
    const app = open(dir, true);
    await app.operators?.create('ops@example.com', 'a long and fine password');
    // A write, so every database has its -wal and -shm.
    await app.app.request('/api/connections/gen3d', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'sandbox' }) });
    await app.app.request('/sandbox/gen3d/openapi/v1/balance', { headers: { authorization: 'Bearer msy_sandbox_console' } });
    app.keyring.set('gen3d', 'msy_a_key_for_the_mode_test', 'https://api.meshy.ai');
    expect(mode(dir)).toBe(0o700);
    const files = sqliteFiles(dir);
    expect(files).toEqual(expect.arrayContaining(['triptych.db', 'triptych.db-wal', 'triptych.db-shm', 'sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm', 'auth.db', 'auth.db-wal', 'auth.db-shm']));
    for (const f of [...files, 'keys.json', 'auth.secret']) expect(mode(join(dir, f)), f).toBe(0o600);
    await app.close();
  });

  it('tightens a data directory and files that an older version left readable by others', async () => {
    const dir = join(root(), 'data');
    const first = open(dir);
    await first.app.request('/api/connections');
    // Simulate files kept open by a crash: -wal and -shm stay behind.
    chmodSync(dir, 0o755);
    for (const f of sqliteFiles(dir)) chmodSync(join(dir, f), 0o644);
    const again = open(dir);
    expect(mode(dir)).toBe(0o700);
    for (const f of sqliteFiles(dir)) expect(mode(join(dir, f)), f).toBe(0o600);
    await again.close();
    await first.close();
  });

  it('an in-memory database (tests) touches no file and no directory', () => {
    const before = mode('.');
    const db = openSqlite(':memory:', ['CREATE TABLE t (x)']);
    db.close();
    expect(existsSync(':memory:')).toBe(false);
    expect(mode('.')).toBe(before);
  });

  it('refuses a shared directory such as /tmp instead of changing it', () => {
    const shared = join(root(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    expect(() => open(shared)).toThrow(/is a shared directory \(like \/tmp\)\. Give the console a directory of its own \(DATA_DIR\)/);
    expect(mode(shared)).toBe(0o777);
    expect(existsSync(join(shared, 'triptych.db'))).toBe(false);
  });
});
