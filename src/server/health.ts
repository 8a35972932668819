import { readFileSync } from 'node:fs';
import type { health } from '../contracts/bff-routes/shell';
import type { Health } from '../contracts/health';
import type { BffHandler } from './http/bff-route';
import type { Db } from './store/db';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

function answers(db: Db): boolean {
  try {
    return db.open && db.prepare('SELECT 1 AS one').get() !== undefined;
  } catch {
    return false;
  }
}

/** Health (contracts/bff-routes/shell.ts, `health`): ready when every database answers; public (see auth), for probes. */
export function healthCheck(dbs: () => readonly Db[]): BffHandler<typeof health> {
  return (_, c) => {
    const ok = dbs().every(answers);
    const body: Health = { status: ok ? 'ok' : 'unavailable', version, storage: ok ? 'ok' : 'unavailable', sandbox: 'mounted' };
    c.header('cache-control', 'no-store');
    return c.json(body, ok ? 200 : 503);
  };
}
