import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { LEASE_MS, ProcessLease } from './process-lease';

let db: Db | undefined;
let dir: string | undefined;
afterEach(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

const open = () => {
  dir = mkdtempSync(join(tmpdir(), 'triptych-lease-'));
  db = openDb(dir);
  return db;
};
const record = (d: Db, id: string, host: string, pid: number, expiresAt: number) =>
  d.prepare(`INSERT INTO console_processes (id, host, pid, started_at, expires_at) VALUES (?, ?, ?, ?, ?)`).run(id, host, pid, expiresAt - LEASE_MS, expiresAt);
/** The pid of a process that ran and ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('which console process owns a write in flight', () => {
  it('holds its own lease while it runs, and lets go when it stops', () => {
    const d = open();
    const mine = new ProcessLease(d);
    const other = new ProcessLease(d);
    mine.start();
    expect(other.isGone(mine.id)).toBe(false);
    expect(mine.isGone(mine.id)).toBe(false);
    mine.stop();
    expect(other.isGone(mine.id)).toBe(true);
  });

  it('takes a process of another host as gone only when its lease ran out', () => {
    const d = open();
    const now = Date.now();
    record(d, 'far-live', 'another-host', process.pid, now + 5_000);
    record(d, 'far-expired', 'another-host', process.pid, now - 1);
    const lease = new ProcessLease(d);
    expect(lease.isGone('far-live')).toBe(false);
    expect(lease.isGone('far-expired')).toBe(true);
    expect(lease.isGone('never-recorded')).toBe(true);
  });

  it('takes a process of this host that no longer runs as gone at once, its lease still running (a console killed and started again)', () => {
    const d = open();
    const now = Date.now();
    record(d, 'killed', hostname(), endedPid(), now + LEASE_MS);
    // An earlier run of this process under the same pid (a container's console is pid 1 every time).
    d.prepare(`INSERT INTO console_processes (id, host, pid, started_at, expires_at) VALUES (?, ?, ?, ?, ?)`).run('earlier-run', hostname(), process.pid, now - process.uptime() * 1000 - 60_000, now + LEASE_MS);
    record(d, 'parent', hostname(), process.ppid, now + LEASE_MS);
    const lease = new ProcessLease(d);
    expect(lease.isGone('killed')).toBe(true);
    expect(lease.isGone('earlier-run')).toBe(true);
    expect(lease.isGone('parent')).toBe(false);
  });
});
