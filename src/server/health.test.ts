import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { Health } from '../contracts/health';
import { makeKit, type Kit } from './testing/kit';

let kit: Kit | null = null;
afterEach(async () => {
  await kit?.close().catch(() => {});
  kit = null;
});

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

describe('GET /api/health', () => {
  it('says the console is ready, with its version', async () => {
    kit = await makeKit();
    const r = await kit.json('/api/health');
    expect(r.status).toBe(200);
    expect(Health.parse(r.body)).toEqual({ status: 'ok', version, storage: 'ok', sandbox: 'mounted' });
  });

  it('answers 503 once storage is closed', async () => {
    kit = await makeKit();
    const app = kit.app;
    await app.close();
    const r = await app.app.request('http://127.0.0.1/api/health');
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ status: 'unavailable', version, storage: 'unavailable', sandbox: 'mounted' });
  });
});
