/**
 * Social workflow figures: an export of 100,000 rows in each format (time to the last byte and
 * size, PDF at its 10,000-row limit), and the console's webhook receiver (verified deliveries per
 * second through the BFF, and p50/p99 of one delivery's verification).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { exportFormats } from '../src/contracts/social';
import { withConsole } from './console';
import { openDbFile } from '../src/server/store/db';
import { NonceStore, verifyDelivery } from '../src/server/social/signature';
import { makeKit } from '../src/server/testing/kit';
import { freshKey, makeSandbox } from '../src/sandbox/social/test-kit';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] as number;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export type ExportRow = { format: string; rows: number; ms: number; bytes: number };

export async function measureExports(): Promise<ExportRow[]> {
  const sb = makeSandbox(undefined, { speed: 1000 });
  const key = freshKey();
  const popular = [...sb.corpus().users].sort((a, b) => b.followersCount - a.followersCount)[0]!;
  const job = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: { toolType: 'follower_explorer', targetUsername: popular.username, resultsLimit: 100_000 } });
  for (let i = 0; i < 100 && (await sb.call<{ job: { status: string } }>(`/api/v1/extractions/${job.body.id}?limit=1`, { key })).body.job.status !== 'completed'; i++) sb.clock.advance(5000);
  const rows: ExportRow[] = [];
  for (const format of exportFormats) {
    const started = performance.now();
    const res = await sb.app.request(`${sb.base}/api/v1/extractions/${job.body.id}/export?format=${format}`, { headers: { 'x-api-key': key } });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    rows.push({ format, rows: Number(res.headers.get('x-export-rows')), ms: Math.round(performance.now() - started), bytes });
  }
  return rows;
}

export type ReceiverFigures = { deliveries: number; perSecond: number; verifyP50us: number; verifyP99us: number; httpP50ms: number; httpP99ms: number };

export async function measureReceiver(n = 3000): Promise<ReceiverFigures> {
  // Verification alone: HMAC, window, nonce insert into SQLite.
  const dir = mkdtempSync(join(tmpdir(), 'triptych-bench-'));
  const db = await openDbFile(join(dir, 'n.db'));
  const nonces = new NonceStore(db);
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const body = JSON.stringify({ id: '9300001', eventType: 'tweet.new', username: 'ada', data: { tweetId: '1790000000000000001', text: 'x'.repeat(200), metrics: { likes: 1 } } });
  const signed = () => {
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    return new Headers({ 'x-xquik-signature': `sha256=${createHmac('sha256', secret).update(`${ts}.${nonce}.${body}`).digest('hex')}`, 'x-xquik-timestamp': ts, 'x-xquik-nonce': nonce, 'content-type': 'application/json' });
  };
  const verify: number[] = [];
  for (let i = 0; i < n; i++) {
    const headers = signed();
    const t = performance.now();
    const v = await verifyDelivery({ secret, headers, rawBody: body, now: Date.now(), nonces });
    verify.push((performance.now() - t) * 1000);
    if (v.verdict !== 'verified') throw new Error(v.reason ?? 'not verified');
  }
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  // Through the BFF: receiver route, verification, log, push to the hub.
  const kit = await makeKit();
  try {
    const created = await kit.json<{ receiverUrl: string; secret: string }>('/api/social-console/webhooks', { method: 'POST', json: { eventTypes: ['tweet.new'], origin: 'http://127.0.0.1:9' } });
    const path = new URL(created.body.receiverUrl).pathname;
    const hookSecret = created.body.secret;
    const http: number[] = [];
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      const ts = String(Date.now());
      const nonce = randomBytes(16).toString('hex');
      const headers = { 'x-xquik-signature': `sha256=${createHmac('sha256', hookSecret).update(`${ts}.${nonce}.${body}`).digest('hex')}`, 'x-xquik-timestamp': ts, 'x-xquik-nonce': nonce, 'content-type': 'application/json' };
      const t = performance.now();
      const res = await kit.req(path, { method: 'POST', body, headers });
      await res.arrayBuffer();
      http.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`receiver answered ${res.status}`);
    }
    const seconds = (performance.now() - started) / 1000;
    return { deliveries: n, perSecond: Math.round(n / seconds), verifyP50us: Math.round(pct(verify, 50)), verifyP99us: Math.round(pct(verify, 99)), httpP50ms: +pct(http, 50).toFixed(2), httpP99ms: +pct(http, 99).toFixed(2) };
  } finally {
    await kit.close();
  }
}

export type EventFigures = { events: number; p50ms: number; p99ms: number };

/**
 * An event from the sandbox to a browser's event stream, through a running console (HTTP, as in
 * use): a webhook to the console's receiver, then the service's test delivery asked `n` times; each
 * is timed from the ask to the moment its verified delivery arrives on `/api/events` (read by an
 * SSE client in this process, standing in for the browser tab).
 */
export async function measureEventToBrowser(n = 40): Promise<EventFigures> {
  return withConsole({}, async (url) => {
    const created = (await (await fetch(`${url}/api/social-console/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ eventTypes: ['tweet.new'] }) })).json()) as { id: string };
    const abort = new AbortController();
    const res = await fetch(`${url}/api/events`, { signal: abort.signal });
    const events = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    const delivered = async () => {
      for (;;) {
        const { value, done } = await events.read();
        if (done) throw new Error('the event stream ended');
        if ((JSON.parse(value.data) as { type?: string }).type === 'social.delivery') return;
      }
    };
    const times: number[] = [];
    try {
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const arrived = delivered();
        const asked = await fetch(`${url}/api/social/api/v1/webhooks/${created.id}/test`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (!asked.ok) throw new Error(`the test delivery was refused: ${asked.status} ${await asked.text()}`);
        await asked.arrayBuffer();
        await arrived;
        times.push(performance.now() - t);
      }
    } finally {
      abort.abort();
    }
    return { events: n, p50ms: +pct(times, 50).toFixed(1), p99ms: +pct(times, 99).toFixed(1) };
  });
}

export function printEventToBrowser(r: EventFigures) {
  console.log(`  sandbox event → console receiver → browser event stream: p50 ${r.p50ms} ms, p99 ${r.p99ms} ms (${r.events} test deliveries over HTTP)`);
}

export function printExports(rows: ExportRow[]) {
  for (const r of rows) console.log(`  ${r.format.padEnd(12)} ${r.rows.toLocaleString('en').padStart(7)} rows  ${String(r.ms).padStart(6)} ms  ${mb(r.bytes).padStart(9)}`);
}

export function printReceiver(r: ReceiverFigures) {
  console.log(`  ${r.deliveries} signed deliveries, one after another: ${r.perSecond} verified/s through the BFF (p50 ${r.httpP50ms} ms, p99 ${r.httpP99ms} ms per delivery)`);
  console.log(`  verification alone (HMAC, window, nonce into SQLite): p50 ${r.verifyP50us} µs, p99 ${r.verifyP99us} µs`);
}
