import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../node-lib/sqlite';
import { openSandboxDb, SANDBOX_META } from './db';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const gen3d = ['CREATE TABLE g1 (a INTEGER);', 'ALTER TABLE g1 ADD COLUMN b INTEGER;'];
const agentnet = ['CREATE TABLE a1 (a INTEGER);', 'CREATE TABLE a2 (a INTEGER);', 'CREATE TABLE a3 (a INTEGER);'];
const social = ['CREATE TABLE s1 (a INTEGER);'];
const tables = (db: ReturnType<typeof openSqlite>) => (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all() as string[]).join(' ');

describe('the sandbox database', () => {
  it('opens a database of the first release (one combined list) and adds each service’s later migrations', () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    // What the first release wrote: meta, 3D's first migration, agents' first, run by index.
    openSqlite(join(dir, 'sandbox.db'), [SANDBOX_META, gen3d[0]!, agentnet[0]!]).close();
    const db = openSandboxDb(dir, { gen3d, agentnet, social });
    expect(tables(db)).toBe('a1 a2 a3 g1 s1 sandbox_meta');
    expect(db.prepare('SELECT b FROM g1').all()).toEqual([]);
    db.close();
  });

  it('runs each service’s migrations once, and a service can add one without disturbing the others', () => {
    dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
    openSandboxDb(dir, { gen3d: gen3d.slice(0, 1), agentnet, social }).close();
    const db = openSandboxDb(dir, { gen3d, agentnet, social: [...social, 'CREATE TABLE s2 (a INTEGER);'] });
    expect(tables(db)).toBe('a1 a2 a3 g1 s1 s2 sandbox_meta');
    expect(db.prepare(`SELECT key, value FROM sandbox_meta WHERE key LIKE 'migrations.%' ORDER BY key`).all()).toEqual([
      { key: 'migrations.agentnet', value: '3' },
      { key: 'migrations.gen3d', value: '2' },
      { key: 'migrations.social', value: '2' },
    ]);
    db.close();
  });
});
