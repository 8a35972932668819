import { Hono } from 'hono';
import { readFileSync } from 'node:fs';
import type { Health } from '../contracts/health';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** A database the health check asks (store/database.ts `Db`). */
export type Answering = { answers: () => Promise<boolean> };

/** `GET /api/health`: ready when every database answers; public (see auth), for probes. */
export function createHealth(dbs: () => readonly Answering[]) {
  return new Hono().get('/', async (c) => {
    const ok = (await Promise.all(dbs().map((db) => db.answers()))).every(Boolean);
    const body: Health = { status: ok ? 'ok' : 'unavailable', version, storage: ok ? 'ok' : 'unavailable', sandbox: 'mounted' };
    c.header('cache-control', 'no-store');
    return c.json(body, ok ? 200 : 503);
  });
}
