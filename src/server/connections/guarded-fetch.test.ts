import { createServer as createHttpServer, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerText, guardedFetch, GuardedFetchError, inMemoryAnswer, policies, saveBody, stoppedThroughBody } from '../../node-lib/guarded-fetch';
import { addressKind } from '../../node-lib/net-address';

/** A local HTTP server whose answers the tests choose by path; nothing here leaves the machine. */
let server: Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = createHttpServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/ok') return void res.end('hello');
    if (req.url === '/big') {
      res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
      return void res.end(Buffer.alloc(2 * 1024 * 1024));
    }
    if (req.url === '/chunked') {
      res.writeHead(200);
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024));
      return void res.end();
    }
    if (req.url === '/stall-body') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.write('first');
    }
    if (req.url === '/redirect-out') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      return void res.end();
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GuardedFetchError);
  return err as GuardedFetchError;
};
const operator = policies.operator({ allowPrivate: false });
const delivery = policies.delivery({ allowPrivate: false });
const local = (path: string) => `http://127.0.0.1:${port}${path}`;
const serviceHere = () => policies.service({ hosts: [`127.0.0.1:${port}`], live: true, allowLoopback: true });

describe('address kinds', () => {
  it('read every spelling of an address to what it means', () => {
    const cases: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.20.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fd00::1', 'private'],
      ['64:ff9b::a00:1', 'private'],
      ['2002:c0a8:101::1', 'private'],
      ['169.254.169.254', 'reserved'],
      ['fe80::1', 'reserved'],
      ['0.0.0.0', 'reserved'],
      ['::', 'reserved'],
      ['224.0.0.1', 'reserved'],
      // IPv4-translated (::ffff:0:0/96) carries its IPv4 address as the mapped form does.
      ['::ffff:0:127.0.0.1', 'loopback'],
      ['::ffff:0:a9fe:a9fe', 'reserved'],
      ['::ffff:0:10.0.0.1', 'private'],
      // Local-use NAT64 (64:ff9b:1::/48): its translator sits on a local network, whatever address it embeds.
      ['64:ff9b:1::a00:1', 'private'],
      ['64:ff9b:1:7f00:1::', 'private'],
      ['64:ff9b:1::808:808', 'private'],
      // Site-local (fec0::/10, deprecated but still routed by some networks).
      ['fec0::1', 'private'],
      ['feff:ffff::1', 'private'],
      ['8.8.8.8', 'public'],
      ['::ffff:0:8.8.8.8', 'public'],
      ['64:ff9b:2::1', 'public'],
      ['2606:4700::1111', 'public'],
    ];
    for (const [ip, kind] of cases) expect([ip, addressKind(ip)]).toEqual([ip, kind]);
    expect(addressKind('example.com')).toBeNull();
  });
});

describe('the guarded fetcher', () => {
  it('refuses literal tricks for internal addresses, and user names in URLs, before anything is sent', async () => {
    for (const url of [
      'http://0x7f000001/',
      'http://2130706433/',
      'http://017700000001/',
      'https://127.1/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[::ffff:0:127.0.0.1]/',
      'https://[64:ff9b:1::a00:1]/',
      'https://[fec0::1]/',
      'https://169.254.169.254/latest',
      'https://10.0.0.1/',
    ]) {
      const e = await refusal(guardedFetch(url, { policy: operator, kind: 'read' }));
      expect(e.reason, url).toBe('refused');
    }
    const userinfo = await refusal(guardedFetch('https://user:pw@example.com/', { policy: operator, kind: 'read' }));
    expect(userinfo.message).toMatch(/user name or password/);
    expect(hits).toEqual([]);
  });

  it('keeps a service’s requests on its own hosts, https for live', async () => {
    const meshy = policies.service({ hosts: ['api.meshy.ai', 'assets.meshy.ai'], live: true });
    const foreign = await refusal(guardedFetch('https://evil.example/model.glb', { policy: meshy, kind: 'file' }));
    expect(foreign.message).toBe('the console does not send requests to evil.example: requests of this kind go only to api.meshy.ai, assets.meshy.ai');
    const plain = await refusal(guardedFetch('http://assets.meshy.ai/x.glb', { policy: meshy, kind: 'file' }));
    expect(plain.message).toMatch(/plain http; only https/);
    // A transport standing in for the network is only reached once the rules passed.
    let called = 0;
    const transport = () => (called++, Promise.resolve(new Response('ok')));
    await refusal(guardedFetch('https://127.0.0.1/', { policy: meshy, kind: 'read', transport }));
    expect(called).toBe(0);
    const ok = await guardedFetch('https://assets.meshy.ai/x.glb', { policy: meshy, kind: 'file', transport });
    expect(await ok.text()).toBe('ok');
    expect(called).toBe(1);
  });

  it('resolves a name once, checks every answer, and connects to the address it checked (no second lookup to rebind)', async () => {
    let lookups = 0;
    // First answer loopback (allowed for deliveries), every later one a private address (refused).
    const rebinding = async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.7', family: 4 }]);
    const res = await guardedFetch(`http://hooks.example:${port}/ok`, { policy: delivery, kind: 'write', resolve: rebinding });
    expect(await res.text()).toBe('hello');
    expect(lookups).toBe(1);
    const mixed = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '192.168.0.9', family: 4 },
    ];
    const e = await refusal(guardedFetch(`http://hooks.example:${port}/ok`, { policy: delivery, kind: 'write', resolve: mixed }));
    expect(e.message).toMatch(/resolves to a private network address/);
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
    const named = await refusal(guardedFetch(`https://agent.example:${port}/ok`, { policy: operator, kind: 'read', resolve: toLoopback }));
    expect(named.message).toMatch(/resolves to a loopback address/);
  });

  it('checks each redirect like the first URL', async () => {
    const e = await refusal(guardedFetch(local('/redirect-out'), { policy: delivery, kind: 'read' }));
    expect(e.message).toMatch(/^the console does not send requests to 169\.254\.169\.254/);
  });

  it('drops every credential header on a redirect to another origin, for good, and keeps them on its own origin', async () => {
    // Two local servers on ports the system picks: "api" (where the key belongs) and "files" (another origin).
    const seen: Array<{ at: string; headers: Record<string, string | string[] | undefined> }> = [];
    const listen = async (handle: (path: string, res: ServerResponse) => void) => {
      const s = createHttpServer((req, res) => {
        seen.push({ at: `${(s.address() as AddressInfo).port}${req.url ?? ''}`, headers: req.headers });
        handle(req.url ?? '', res);
      });
      await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
      return { server: s, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
    };
    let files = '';
    const api = await listen((path, res) => {
      if (path === '/tasks/1/file') res.writeHead(302, { location: `${files}/x.glb` });
      else if (path === '/tasks/1/same') res.writeHead(302, { location: '/landing' });
      res.end('api');
    });
    const fileHost = await listen((path, res) => {
      if (path === '/x.glb') res.writeHead(302, { location: `${api.origin}/back` });
      res.end('file');
    });
    files = fileHost.origin;
    const portOf = (origin: string) => origin.split(':').pop() as string;
    const policy = policies.service({ hosts: [api.origin.slice(7), files.slice(7)], live: false });
    const headers = { authorization: 'Bearer sk-secret', 'x-api-key': 'sk-secret', 'x-internal-token': 'tok', cookie: 'session=1', accept: 'model/gltf-binary' };
    try {
      const res = await guardedFetch({ url: `${api.origin}/tasks/1/file`, headers }, { policy, kind: 'file' });
      expect(await res.text()).toBe('api');
      expect(seen.map((s) => s.at)).toEqual([`${portOf(api.origin)}/tasks/1/file`, `${portOf(files)}/x.glb`, `${portOf(api.origin)}/back`]);
      const [first, other, back] = seen.map((s) => s.headers);
      expect(first).toMatchObject({ authorization: 'Bearer sk-secret', 'x-api-key': 'sk-secret', cookie: 'session=1' });
      for (const h of [other, back]) {
        for (const name of ['authorization', 'x-api-key', 'x-internal-token', 'cookie']) expect(h?.[name], name).toBeUndefined();
        expect(h?.accept).toBe('model/gltf-binary');
      }
      // A redirect within the API's own origin keeps the key.
      seen.length = 0;
      await (await guardedFetch({ url: `${api.origin}/tasks/1/same`, headers }, { policy, kind: 'read' })).text();
      expect(seen.map((s) => [s.at, s.headers['x-api-key']])).toEqual([
        [`${portOf(api.origin)}/tasks/1/same`, 'sk-secret'],
        [`${portOf(api.origin)}/landing`, 'sk-secret'],
      ]);
    } finally {
      for (const s of [api.server, fileHost.server]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    }
  });

  it('says which time limit tripped: connect, total or idle', async () => {
    // A listener that accepts and never speaks TLS: the connection is never up.
    const silent = createTcpServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const connect = await refusal(
        guardedFetch(`https://127.0.0.1:${silentPort}/`, {
          policy: policies.service({ hosts: [`127.0.0.1:${silentPort}`], live: true, allowLoopback: true }),
          kind: 'read',
          limits: { connectMs: 300 },
        }),
      );
      expect(connect.reason).toBe('connect_limit');
      expect(connect.message).toBe('no connection within the connect time limit for a read (0.3 s)');
    } finally {
      silent.close();
    }
    const res = await guardedFetch(local('/stall-body'), { policy: serviceHere(), kind: 'read', limits: { totalMs: 400 } });
    const total = await refusal(res.text());
    expect(total.reason).toBe('total_limit');
    expect(total.message).toBe('the answer did not arrive within the total time limit for a read (0.4 s)');
    const stream = await guardedFetch(local('/stall-body'), { policy: serviceHere(), kind: 'stream', limits: { idleMs: 300 } });
    const idle = await refusal(stream.text());
    expect(idle.message).toBe('nothing arrived for 0.3 s (the idle time limit for a stream)');
  });

  it('stops an answer past the size limit, declared or streamed, and leaves no partial file', async () => {
    const declared = await refusal(guardedFetch(local('/big'), { policy: serviceHere(), kind: 'file', limits: { maxBytes: 1024 * 1024 } }));
    expect(declared.message).toBe('the answer is larger than the size limit (1 MB)');
    const dir = mkdtempSync(join(tmpdir(), 'guarded-'));
    try {
      const chunked = await guardedFetch(local('/chunked'), { policy: serviceHere(), kind: 'file', limits: { maxBytes: 1024 * 1024 } });
      const e = await refusal(saveBody(chunked, join(dir, 'x.bin')));
      expect(e.reason).toBe('too_large');
      expect(existsSync(join(dir, 'x.bin'))).toBe(false);
      expect(existsSync(join(dir, 'x.bin.part'))).toBe(false);
      const ok = await guardedFetch(local('/chunked'), { policy: serviceHere(), kind: 'file' });
      expect(await saveBody(ok, join(dir, 'y.bin'))).toBe(40 * 64 * 1024);
      expect(readFileSync(join(dir, 'y.bin')).length).toBe(40 * 64 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reaches loopback only where the class allows it', async () => {
    expect(await (await guardedFetch(local('/ok'), { policy: delivery, kind: 'write' })).text()).toBe('hello');
    expect((await refusal(guardedFetch(local('/ok'), { policy: operator, kind: 'read' }))).message).toMatch(/loopback address/);
    expect((await refusal(guardedFetch(`https://127.0.0.1:${port}/ok`, { policy: operator, kind: 'read' }))).message).toMatch(/loopback address/);
    const allowed = policies.operator({ allowPrivate: true });
    expect(await (await guardedFetch(local('/ok'), { policy: allowed, kind: 'read' })).text()).toBe('hello');
  });
  it('reads an answer whole under the same size, time and stop rules as a streamed one', async () => {
    const sandbox = policies.service({ hosts: ['sandbox.invalid'], live: false });
    const answer = (body: () => ConstructorParameters<typeof Response>[0]) => async () => new Response(body(), { headers: { 'content-type': 'application/json' } });
    const stalled = () => new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"first":')) });
    const ok = await guardedFetch({ url: 'http://sandbox.invalid/x', method: 'POST', body: '{}' }, { policy: sandbox, kind: 'write', transport: answer(() => '{"name":"café"}'), whole: true });
    expect(ok.status).toBe(200);
    expect(await answerText(ok)).toBe('{"name":"café"}');
    const big = await refusal(guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: answer(() => 'x'.repeat(2048)), whole: true, limits: { maxBytes: 1024 } }));
    expect(big.message).toBe('the answer is larger than the size limit (1 KB)');
    const slow = await refusal(guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: answer(stalled), whole: true, limits: { totalMs: 300 } }));
    expect(slow.message).toBe('the answer did not arrive within the total time limit for a read (0.3 s)');
    const stop = new AbortController();
    const stopped = guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: answer(stalled), whole: true, signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    expect((await refusal(stopped)).reason).toBe('aborted');
    expect((await refusal(guardedFetch('http://elsewhere.invalid/x', { policy: sandbox, kind: 'read', transport: answer(() => '{}'), whole: true }))).reason).toBe('refused');
    // An answer made in-process, its text in memory: handed over as it is, under the same size rule (its UTF-8 bytes).
    const made = (text: string) => async () => inMemoryAnswer(new Response(text, { headers: { 'content-type': 'application/json' } }), text);
    expect(await answerText(await guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: made('{"name":"café"}'), whole: true }))).toBe('{"name":"café"}');
    const wide = await refusal(guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: made(`"${'é'.repeat(600)}"`), whole: true, limits: { maxBytes: 1024 } }));
    expect(wide.reason).toBe('too_large');
    // An in-process transport gets no signal: the limits still stop the wait, and a body that stalls is cancelled.
    let cancelled = false;
    const stalls = stoppedThroughBody(async () => new Response(new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array([123])), cancel: () => void (cancelled = true) })));
    expect((await refusal(guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: stalls, whole: true, limits: { totalMs: 200 } }))).reason).toBe('total_limit');
    expect(cancelled).toBe(true);
    const silent = stoppedThroughBody(() => new Promise<Response>(() => undefined));
    expect((await refusal(guardedFetch('http://sandbox.invalid/x', { policy: sandbox, kind: 'read', transport: silent, limits: { totalMs: 200 } }))).reason).toBe('total_limit');
  });

  it('gives an in-process app the request it was sent, whatever it reads of it, with or without a body', async () => {
    const sandbox = policies.service({ hosts: ['sandbox.invalid'], live: false });
    const seen: Array<Record<string, unknown>> = [];
    const app = stoppedThroughBody(async (req) => {
      const copy = req.clone();
      seen.push({ url: req.url, method: req.method, key: req.headers.get('x-api-key'), isRequest: Object.prototype.toString.call(req) === '[object Request]' && typeof req.clone === 'function', body: await copy.text(), redirect: req.redirect, aborted: req.signal.aborted });
      return new Response('{}');
    });
    await guardedFetch({ url: 'http://sandbox.invalid/a?q=1', headers: { 'x-api-key': 'xq_k' } }, { policy: sandbox, kind: 'read', transport: app });
    await guardedFetch({ url: 'http://sandbox.invalid/b', method: 'POST', headers: { 'x-api-key': 'xq_k' }, body: '{"n":1}' }, { policy: sandbox, kind: 'write', transport: app });
    expect(seen).toEqual([
      { url: 'http://sandbox.invalid/a?q=1', method: 'GET', key: 'xq_k', isRequest: true, body: '', redirect: 'manual', aborted: false },
      { url: 'http://sandbox.invalid/b', method: 'POST', key: 'xq_k', isRequest: true, body: '{"n":1}', redirect: 'manual', aborted: false },
    ]);
  });
});
