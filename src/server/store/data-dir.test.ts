import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../node-lib/sqlite';
import { createApp } from '../app';
import { makeKit, previewBody } from '../testing/kit';

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
/** Every directory and file under `dir`, symbolic links left out. */
function walk(dir: string): Array<{ path: string; dir: boolean }> {
  const out: Array<{ path: string; dir: boolean }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = lstatSync(path);
    if (st.isSymbolicLink()) continue;
    out.push({ path, dir: st.isDirectory() });
    if (st.isDirectory()) out.push(...walk(path));
  }
  return out;
}
/** Every SQLite file in the data directory, with the -wal and -shm beside them. */
const sqliteFiles = (dir: string) => readdirSync(dir).filter((f) => /\.db(-wal|-shm)?$/.test(f));

describe('DATA_DIR is private to the console’s user', () => {
  it('creates the directory 0700 and the databases (saved keys included), their -wal and -shm, and the sign-in secret 0600', async () => {
    const dir = join(root(), 'data');
    const app = await open(dir, true);
    await app.operators?.create('ops@example.com', 'a long and fine password');
    // A write, so every database has its -wal and -shm.
    await app.app.request('/api/connections/gen3d', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'sandbox' }) });
    await app.app.request('/sandbox/gen3d/openapi/v1/balance', { headers: { authorization: 'Bearer msy_sandbox_console' } });
    await app.keyring.set('gen3d', 'msy_a_key_for_the_mode_test', 'https://api.meshy.ai');
    expect(mode(dir)).toBe(0o700);
    const files = sqliteFiles(dir);
    expect(files).toEqual(expect.arrayContaining(['triptych.db', 'triptych.db-wal', 'triptych.db-shm', 'sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm', 'auth.db', 'auth.db-wal', 'auth.db-shm']));
    for (const f of [...files, 'auth.secret']) expect(mode(join(dir, f)), f).toBe(0o600);
    await app.close();
  });

  it('tightens a data directory and files that an older version left readable by others', async () => {
    const dir = join(root(), 'data');
    const first = await open(dir);
    await first.app.request('/api/connections');
    // Simulate files kept open by a crash: -wal and -shm stay behind.
    chmodSync(dir, 0o755);
    for (const f of sqliteFiles(dir)) chmodSync(join(dir, f), 0o644);
    const again = await open(dir);
    expect(mode(dir)).toBe(0o700);
    for (const f of sqliteFiles(dir)) expect(mode(join(dir, f)), f).toBe(0o600);
    await again.close();
    await first.close();
  });

  it('tightens secret files and the archive and sandbox folders left readable by others: folders 0700, files 0600', async () => {
    const dir = join(root(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    for (const f of ['auth.secret', 'media.secret', 'keys.json']) writeFileSync(join(dir, f), f === 'keys.json' ? '{"version":1,"services":{},"agents":[]}' : 'a'.repeat(64), { mode: 0o644 });
    for (const folder of ['archive/gen3d/task_1', 'sandbox/gen3d/task_2']) {
      mkdirSync(join(dir, folder), { recursive: true, mode: 0o755 });
      writeFileSync(join(dir, folder, 'model.glb'), 'glTF', { mode: 0o644 });
    }
    // A link inside is neither followed nor changed: what it points at is not the console's.
    const outside = join(root(), 'elsewhere.txt');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, join(dir, 'archive', 'gen3d', 'task_1', 'link.txt'));
    const app = await open(dir);
    for (const f of ['auth.secret', 'media.secret']) expect(mode(join(dir, f)), f).toBe(0o600);
    // keys.json's keys moved into the database (0600), and the file is gone.
    expect(existsSync(join(dir, 'keys.json'))).toBe(false);
    const inside = walk(join(dir, 'archive')).concat(walk(join(dir, 'sandbox')));
    expect(inside).toHaveLength(6);
    for (const e of inside) expect(mode(e.path), e.path).toBe(e.dir ? 0o700 : 0o600);
    expect(mode(join(dir, 'archive')), 'archive').toBe(0o700);
    expect(mode(outside)).toBe(0o644);
    await app.close();
  });

  it('a sandbox task’s files and their archived copies are created owner-only (folders 0700, files 0600)', async () => {
    const kit = await makeKit({ dir: join(root(), 'data') });
    const id = (await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a small clay pot') })).body.result;
    await kit.waitFor(id, (t) => t.archived);
    const made = walk(kit.dir).filter((e) => /\/(archive|sandbox)(\/|$)/.test(e.path));
    expect(made.filter((e) => !e.dir && e.path.includes('/sandbox/')).length).toBeGreaterThan(0);
    expect(made.filter((e) => !e.dir && e.path.includes('/archive/')).length).toBeGreaterThan(0);
    for (const e of made) expect(mode(e.path), e.path).toBe(e.dir ? 0o700 : 0o600);
    await kit.close();
  });

  it('an in-memory database (tests) touches no file and no directory', () => {
    const before = mode('.');
    const db = openSqlite(':memory:', ['CREATE TABLE t (x)']);
    db.close();
    expect(existsSync(':memory:')).toBe(false);
    expect(mode('.')).toBe(before);
  });

  it('refuses a shared directory such as /tmp instead of changing it', async () => {
    const shared = join(root(), 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    await expect(open(shared)).rejects.toThrow(/is a shared directory \(like \/tmp\)\. Give the console a directory of its own \(DATA_DIR\)/);
    expect(mode(shared)).toBe(0o777);
    expect(existsSync(join(shared, 'triptych.db'))).toBe(false);
  });
});
