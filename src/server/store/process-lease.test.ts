import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type TriptychDb } from './db';
import { LEASE_MS, ProcessLease } from './process-lease';

let db: TriptychDb | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

const open = async () => {
  dir = mkdtempSync(join(tmpdir(), 'triptych-lease-'));
  db = await openDb(dir);
  return db;
};
const record = (d: TriptychDb, id: string, host: string, pid: number, expiresAt: number, startedAt = expiresAt - LEASE_MS) =>
  d.q.insertInto('console_processes').values({ id, host, pid, started_at: startedAt, expires_at: expiresAt }).execute();
/** The pid of a process that ran and ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('which console process owns a write in flight', () => {
  it('holds its own lease while it runs, and lets go when it stops', async () => {
    const d = await open();
    const mine = new ProcessLease(d);
    const other = new ProcessLease(d);
    await mine.start();
    expect(await other.isGone(mine.id)).toBe(false);
    expect(await mine.isGone(mine.id)).toBe(false);
    await mine.stop();
    expect(await other.isGone(mine.id)).toBe(true);
  });

  it('takes a process of another host as gone only when its lease ran out', async () => {
    const d = await open();
    const now = Date.now();
    await record(d, 'far-live', 'another-host', process.pid, now + 5_000);
    await record(d, 'far-expired', 'another-host', process.pid, now - 1);
    const lease = new ProcessLease(d);
    expect(await lease.isGone('far-live')).toBe(false);
    expect(await lease.isGone('far-expired')).toBe(true);
    expect(await lease.isGone('never-recorded')).toBe(true);
  });

  it('takes a process of this host that no longer runs as gone at once, its lease still running (a console killed and started again)', async () => {
    const d = await open();
    const now = Date.now();
    await record(d, 'killed', hostname(), endedPid(), now + LEASE_MS);
    // An earlier run of this process under the same pid (a container's console is pid 1 every time).
    await record(d, 'earlier-run', hostname(), process.pid, now + LEASE_MS, Math.round(now - process.uptime() * 1000 - 60_000));
    await record(d, 'parent', hostname(), process.ppid, now + LEASE_MS);
    const lease = new ProcessLease(d);
    expect(await lease.isGone('killed')).toBe(true);
    expect(await lease.isGone('earlier-run')).toBe(true);
    expect(await lease.isGone('parent')).toBe(false);
  });
});
