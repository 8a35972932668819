import type { Db } from './db';

/**
 * The sandbox clock: wall time plus an offset that tests can advance (file expiry, online
 * status). The offset is stored, so it survives a restart like the rest of the sandbox state.
 */
export class SandboxClock {
  private offset: number;
  constructor(private readonly db: Db) {
    const row = db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'clock_offset'`).get() as { value: string } | undefined;
    this.offset = row ? Number(row.value) : 0;
  }

  now(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): number {
    this.offset += ms;
    this.db.prepare(`INSERT INTO sandbox_meta (key, value) VALUES ('clock_offset', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`).run(String(this.offset));
    return this.now();
  }
}
