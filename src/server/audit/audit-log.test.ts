import { afterEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../contracts/audit';
import type { SpendWrites } from '../../contracts/spend';
import { browser } from '../testing/browser';
import { makeKit, previewBody, type Kit } from '../testing/kit';

/* The audit log (audit/audit-log.ts): every write, who made it, its answer and what it spent. */

const PASSWORD = 'a long and fine password';
let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('the audit log', () => {
  it('records each write with its answer and spend, not reads, newest first, a page at a time', async () => {
    kit = await makeKit();
    const k = kit;
    const created = await k.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('an audited anvil') });
    expect(created.status).toBe(202);
    expect((await k.json('/api/spend/limits/gen3d', { method: 'PUT', json: { daily: -1 } })).status).toBe(400);
    expect((await k.json('/api/spend/limits/gen3d', { method: 'PUT', json: { daily: 100 } })).status).toBe(200);
    await k.json('/api/ledger/tasks?service=gen3d');
    const log = (await k.json<AuditPage>('/api/audit')).body;
    expect(log.entries.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'PUT /api/spend/limits/gen3d 200',
      'PUT /api/spend/limits/gen3d 400',
      'POST /api/gen3d/openapi/v2/text-to-3d 202',
    ]);
    // Without sign-in the console's one person made them.
    expect(log.entries.every((e) => e.actor === null && e.role === null)).toBe(true);
    expect(log.entries[2]?.spend).toMatchObject({ service: 'gen3d', operation: 'textTo3d.create', unit: 'credits', status: 'sent' });
    expect(log.entries[0]?.spend).toBeNull();
    // Filters and pages.
    expect((await k.json<AuditPage>('/api/audit?spent=1')).body.entries.map((e) => e.path)).toEqual(['/api/gen3d/openapi/v2/text-to-3d']);
    expect((await k.json<AuditPage>('/api/audit?outcome=refused')).body.entries.map((e) => e.status)).toEqual([400]);
    const first = (await k.json<AuditPage>('/api/audit?limit=2')).body;
    expect(first.entries).toHaveLength(2);
    const second = (await k.json<AuditPage>(`/api/audit?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`)).body;
    expect(second.entries.map((e) => e.status)).toEqual([202]);
    expect(second.nextCursor).toBeNull();
    expect((await k.json<{ error: { message: string } }>('/api/audit?cursor=nope')).body.error.message).toMatch(/cursor is not one this console gave/);
  });

  it('names who made each write (refused ones too) and who spent what; only admins read it', async () => {
    kit = await makeKit({ signIn: { sessionHours: 12, trustProxy: false } });
    const k = kit;
    const admin = browser(() => k);
    const viewer = browser(() => k);
    await k.app.operators?.create('boss@example.com', PASSWORD, 'boss', 'admin');
    await k.app.operators?.create('watcher@example.com', PASSWORD, 'watcher', 'viewer');
    await admin.form('/sign-in', { email: 'boss@example.com', password: PASSWORD, next: '/3d' });
    await viewer.form('/sign-in', { email: 'watcher@example.com', password: PASSWORD, next: '/3d' });
    expect((await admin.send('/api/gen3d/openapi/v2/text-to-3d', json('POST', previewBody('a signed anvil')))).status).toBe(202);
    expect((await viewer.send('/api/gen3d/openapi/v2/text-to-3d', json('POST', previewBody('a refused anvil')))).status).toBe(403);
    expect((await viewer.send('/api/audit')).status).toBe(403);
    const log = (await (await admin.send('/api/audit')).json()) as AuditPage;
    expect(log.entries.map((e) => `${e.actor} ${e.role} ${e.status}`)).toEqual(['watcher@example.com viewer 403', 'boss@example.com admin 202']);
    expect(((await (await admin.send('/api/audit?actor=BOSS@example.com')).json()) as AuditPage).entries).toHaveLength(1);
    // The spend page's rows say who spent.
    const writes = (await (await admin.send('/api/spend/writes?service=gen3d')).json()) as SpendWrites;
    expect(writes.writes.map((w) => w.actor)).toEqual(['boss@example.com']);
  });
});
