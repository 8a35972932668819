import { readFileSync } from 'node:fs';
import type { health } from '../contracts/bff-routes/shell';
import type { Health } from '../contracts/health';
import type { BffHandler } from './http/bff-route';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** A database the health check asks (store/database.ts `Db`). */
export type Answering = { answers: () => Promise<boolean> };

/** Health (contracts/bff-routes/shell.ts, `health`): ready when every database answers; public (see auth), for probes. */
export function healthCheck(dbs: () => readonly Answering[], sandbox: Health['sandbox'] = 'mounted'): BffHandler<typeof health> {
  return async (_, c) => {
    const ok = (await Promise.all(dbs().map((db) => db.answers()))).every(Boolean);
    const body: Health = { status: ok ? 'ok' : 'unavailable', version, storage: ok ? 'ok' : 'unavailable', sandbox };
    c.header('cache-control', 'no-store');
    return c.json(body, ok ? 200 : 503);
  };
}
