import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InboxList, ManifestAck, ManifestList, SendResult, Session, SessionList } from '../../contracts/agentnet';
import { Kit } from './test-kit';

let kit: Kit;
beforeEach(() => {
  kit = new Kit();
});
afterEach(() => kit.dispose());

type Who = { id: string; key: string };
const send = (from: Who, to: string, text: string, extra: Record<string, unknown> = {}) => kit.call('POST', '/api/v1/communication/send', { key: from.key, json: { target_agent: to, message: text, ...extra } });
const notify = (from: Who, to: string, extra: Record<string, unknown> = {}) => kit.call('POST', '/api/v1/communication/manifest/send', { key: from.key, json: { target_agent: to, summary: 'A task for you', message_type: 'task_request', content: 'the full brief', ...extra } });
const credits = async (who: Who) => (await kit.call('GET', `/api/v1/agents/${who.id}/wallets`, { key: who.key })).body.credits as number;

describe('messages by reception policy', () => {
  it('open: into the inbox (no endpoint); closed: rejected; allowlist: only listed or subnet peers; manifest: a notification', async () => {
    const from = await kit.join('Chatty Sender');
    const open = await kit.join('Open Listener', { communication_policy: { mode: 'open' } });
    const closed = await kit.join('Closed Door', { communication_policy: { mode: 'closed' } });
    const picky = await kit.join('Picky Listener', { communication_policy: { mode: 'allowlist' } });
    const manifest = await kit.join('Manifest Reader');
    expect(SendResult.parse((await send(from, open.id, 'hi')).body)).toMatchObject({ status: 'queued', deliveryMode: 'inbox', routeId: expect.any(String) });
    expect((await send(from, closed.id, 'hi')).body).toMatchObject({ status: 'rejected' });
    expect((await send(from, picky.id, 'hi')).body).toMatchObject({ status: 'rejected' });
    const listed = await kit.call('POST', `/api/v1/agents/${picky.id}/allowlist/${from.id}`, { key: picky.key, json: { reason: 'friend' } });
    expect(listed.body).toMatchObject({ allowlisted: true, changed: true });
    expect((await kit.call<{ entries: Array<{ agent_id: string }> }>('GET', `/api/v1/agents/${picky.id}/allowlist`, { key: picky.key })).body.entries).toEqual([expect.objectContaining({ agent_id: from.id, reason: 'friend' })]);
    expect((await send(from, picky.id, 'hi again')).body).toMatchObject({ status: 'queued' });
    const note = SendResult.parse((await send(from, manifest.id, 'a long message for the manifest reader')).body);
    expect(note).toMatchObject({ status: 'notified', deliveryMode: 'manifest', mid: expect.any(String) });
    // A shared non-reserved subnet bypasses the manifest queue.
    const sid = await kit.subnet(manifest.key, { name: 'Shared Room' });
    await kit.call('POST', `/api/v1/agents/${from.id}/subnets/${sid}`, { key: from.key });
    expect((await send(from, manifest.id, 'as a peer')).body).toMatchObject({ status: 'queued', delivery_mode: 'inbox' });
    const mismatch = await send(from, open.id, 'spoof', { from_agent: open.id });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body).toMatchObject({ error_code: 'from_agent_mismatch' });
  });

  it('marks and acknowledges inbox messages', async () => {
    const from = await kit.join('Inbox Sender');
    const to = await kit.join('Inbox Owner', { communication_policy: { mode: 'open' } });
    const r1 = (await send(from, to.id, 'one')).body.route_id as string;
    const r2 = (await send(from, to.id, 'two')).body.route_id as string;
    const list = InboxList.parse((await kit.call('GET', `/api/v1/communication/history/${to.id}`, { key: to.key })).body);
    expect(list.messages.map((m) => [m.text, m.status, m.from])).toEqual([['two', 'unread', from.id], ['one', 'unread', from.id]]);
    expect((await kit.call('PATCH', `/api/v1/communication/history/${to.id}/${r1}`, { key: to.key, json: { status: 'read' } })).body).toMatchObject({ status: 'read' });
    expect((await kit.call('POST', `/api/v1/communication/history/${to.id}/ack`, { key: to.key, json: { route_ids: [r1, r2, 'rt_nope'] } })).body).toMatchObject({ acked: 2 });
    expect(InboxList.parse((await kit.call('GET', `/api/v1/communication/history/${to.id}?status=processed`, { key: to.key })).body).messages).toHaveLength(2);
    expect((await kit.call('GET', `/api/v1/communication/history/${to.id}`, { key: from.key })).status).toBe(403);
  });
});

describe('notify and attention fees', () => {
  it('notify only to manifest or allowlist recipients (policy check)', async () => {
    const from = await kit.join('Notifier');
    const open = await kit.join('Open Receiver', { communication_policy: { mode: 'open' } });
    const refused = await notify(from, open.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error_code: 'NOTIFY_NOT_ACCEPTED', details: { reason: 'policy', mode: 'open' } });
    const picky = await kit.join('Allowlist Receiver', { communication_policy: { mode: 'allowlist' } });
    expect((await notify(from, picky.id)).body).toMatchObject({ details: { reason: 'not_allowlisted' } });
    const reader = await kit.join('Notice Reader');
    expect((await notify(from, reader.id)).body).toMatchObject({ status: 'notified', delivery_mode: 'manifest' });
    expect((await kit.call('GET', `/api/v1/agents/${reader.id}/communication_profile`)).body).toMatchObject({ unread_manifest_count: 1 });
  });

  it('holds the fee from the sender; ack releases it to the recipient, delete refunds it', async () => {
    const from = await kit.join('Fee Payer');
    const to = await kit.join('Fee Earner');
    const start = { from: await credits(from), to: await credits(to) };
    const a = (await notify(from, to.id, { attention_fee: { amount: 5, currency: 'credits' } })).body.mid as string;
    const b = (await notify(from, to.id, { attention_fee: { amount: 3 }, summary: 'second' })).body.mid as string;
    expect(await credits(from)).toBe(start.from - 8);
    const entries = ManifestList.parse((await kit.call('GET', `/api/v1/communication/manifest/${to.id}`, { key: to.key })).body).entries;
    expect(entries.map((e) => [e.mid, e.fee?.amount, e.contentSize])).toEqual([[b, 3, 14], [a, 5, 14]]);
    const content = await kit.call('GET', `/api/v1/communication/content/${a}`, { key: to.key });
    expect(content.body).toMatchObject({ mid: a, owner_id: from.id, content_chunk: 'the full brief', has_more: false });
    const ack = ManifestAck.parse((await kit.call('POST', `/api/v1/communication/manifest/${to.id}/${a}/ack`, { key: to.key, json: {} })).body);
    expect(ack).toMatchObject({ acked: true, fee: { amount: 5, currency: 'credits', receiptId: expect.any(String) } });
    expect(await credits(to)).toBe(start.to + 5);
    const del = await kit.call('DELETE', `/api/v1/communication/manifest/${to.id}/${b}`, { key: to.key });
    expect(del.body).toMatchObject({ deleted: true, refunded: { amount: 3, to: from.id } });
    expect(await credits(from)).toBe(start.from - 5);
    expect(ManifestList.parse((await kit.call('GET', `/api/v1/communication/manifest/${to.id}`, { key: to.key })).body).entries).toEqual([]);
    const poor = await notify(from, to.id, { attention_fee: { amount: 1000 } });
    expect(poor.status).toBe(402);
  });
});

describe('sessions', () => {
  it('invite with a TTL of 60..1800 s (default 300), accept by the invitee only, expiry on the sandbox clock', async () => {
    const a = await kit.join('Session Host');
    const b = await kit.join('Session Guest');
    expect((await kit.call('POST', `/api/v1/sessions/invite/${b.id}`, { key: a.key, json: { ttl_seconds: 30 } })).status).toBe(422);
    const s1 = Session.parse((await kit.call('POST', `/api/v1/sessions/invite/${b.id}`, { key: a.key, json: {} })).body);
    expect(s1).toMatchObject({ status: 'pending', inviterId: a.id, inviteeId: b.id, secondsLeft: 300 });
    expect(SessionList.parse((await kit.call('GET', '/api/v1/sessions/pending', { key: b.key })).body).sessions.map((s) => s.id)).toEqual([s1.id]);
    expect((await kit.call('POST', `/api/v1/sessions/${s1.id}/accept`, { key: a.key, json: {} })).status).toBe(403);
    expect((await kit.call('POST', `/api/v1/sessions/${s1.id}/accept`, { key: b.key, json: {} })).body).toMatchObject({ status: 'accepted' });
    expect((await kit.call('DELETE', `/api/v1/sessions/${s1.id}`, { key: a.key })).body).toMatchObject({ status: 'closed' });

    const s2 = Session.parse((await kit.call('POST', `/api/v1/sessions/invite/${b.id}`, { key: a.key, json: { ttl_seconds: 60, metadata: { topic: 'x' } } })).body);
    kit.minutes(2);
    expect(SessionList.parse((await kit.call('GET', '/api/v1/sessions/pending', { key: b.key })).body).sessions).toEqual([]);
    const late = await kit.call('POST', `/api/v1/sessions/${s2.id}/accept`, { key: b.key, json: {} });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error_code: 'SESSION_EXPIRED' });
  });
});

describe('follows', () => {
  it('follows, checks, lists both ways, unfollows', async () => {
    const a = await kit.join('Fan Agent');
    const b = await kit.join('Star Agent');
    expect((await kit.call('POST', `/api/v1/agents/${a.id}/follows/${b.id}`, { key: a.key, json: {} })).body).toMatchObject({ following: true, changed: true });
    expect((await kit.call('GET', `/api/v1/agents/${a.id}/follows/${b.id}`)).body).toMatchObject({ following: true });
    expect((await kit.call<{ agents: Array<{ agent_id: string }> }>('GET', `/api/v1/agents/${b.id}/followers`)).body.agents.map((x) => x.agent_id)).toEqual([a.id]);
    expect((await kit.call<{ agents: Array<{ agent_id: string }> }>('GET', `/api/v1/agents/${a.id}/follows`)).body.agents.map((x) => x.agent_id)).toEqual([b.id]);
    expect((await kit.call('DELETE', `/api/v1/agents/${a.id}/follows/${b.id}`, { key: a.key })).body).toMatchObject({ following: false, changed: true });
  });
});

describe('arrivals (what the console refreshes at once)', () => {
  it('reports who got something to read, once per turn: a broadcast is one report, a refused message none', async () => {
    const reports: string[][] = [];
    kit.sandbox.onArrival((ids) => reports.push([...ids].sort()));
    const turn = () => new Promise((r) => setImmediate(r));
    const from = await kit.join('Harbor Master');
    const crew = [await kit.join('Deck Hand One', { tags: ['pierseven'], communication_policy: { mode: 'open' } }), await kit.join('Deck Hand Two', { tags: ['pierseven'], communication_policy: { mode: 'open' } })];
    const closed = await kit.join('Closed Cabin', { communication_policy: { mode: 'closed' } });
    await kit.call('POST', '/api/v1/communication/broadcast-by-tag', { key: from.key, json: { tags: ['pierseven'], message: 'All hands' } });
    await turn();
    expect(reports).toEqual([crew.map((c) => c.id).sort()]);
    expect((await send(from, closed.id, 'knock')).body).toMatchObject({ status: 'rejected' });
    await turn();
    expect(reports).toHaveLength(1);
    expect((await notify(from, closed.id)).status).toBe(403);
    await turn();
    expect(reports).toHaveLength(1);
    const invite = Session.parse((await kit.call('POST', `/api/v1/sessions/invite/${crew[0]!.id}`, { key: from.key, json: {} })).body);
    await turn();
    expect(reports.at(-1)).toEqual([crew[0]!.id]);
    await kit.call('POST', `/api/v1/sessions/${invite.id}/accept`, { key: crew[0]!.key, json: {} });
    await turn();
    expect(reports.at(-1)).toEqual([from.id]);
  });
});
