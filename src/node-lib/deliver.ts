import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * An outbound HTTP sender for destinations the console does not choose itself (agent endpoints,
 * harness URLs): each request's host is resolved once, every address is checked against a
 * policy, and the connection goes to the checked address (no second lookup a name could rebind).
 * Connect and total time limits and a response size limit apply. The sandbox and the BFF take a
 * `Deliver` from whoever creates them; this is the default until the guarded fetcher is wired.
 */
export type Deliver = (req: Request) => Promise<Response>;

export type DeliverLimits = { connectMs: number; totalMs: number; maxBytes: number };
/** Says why an address may not be contacted (null: allowed). */
export type AddressPolicy = (address: string, url: URL) => string | null;

export class DeliveryError extends Error {
  constructor(
    readonly code: 'refused' | 'timeout' | 'connect' | 'too_large' | 'network',
    message: string,
  ) {
    super(message);
  }
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
const privateRanges = new BlockList();
for (const [net, bits] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16], ['100.64.0.0', 10], ['0.0.0.0', 8]] as const) privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) privateRanges.addSubnet(net, bits, 'ipv6');

const family = (a: string) => (isIP(a) === 6 ? 'ipv6' : 'ipv4');
const unmapped = (a: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a) ? a.slice(7) : a);
export const isLoopback = (address: string) => loopback.check(unmapped(address), family(unmapped(address)));
export const isPrivate = (address: string) => !isLoopback(address) && privateRanges.check(unmapped(address), family(unmapped(address)));

export const DEFAULT_LIMITS: DeliverLimits = { connectMs: 3_000, totalMs: 10_000, maxBytes: 1024 * 1024 };

/** The sandbox's default: loopback addresses only. */
export const loopbackOnly: AddressPolicy = (address) => (isLoopback(address) ? null : `${address} is not a loopback address; the sandbox contacts only loopback and allowed destinations`);

async function resolve(url: URL, policy: AddressPolicy, names: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else if (host === 'localhost') addresses = [{ address: '127.0.0.1', family: 4 }];
  else if (!names) throw new DeliveryError('refused', `${host} is not contacted: only loopback addresses (127.0.0.1, ::1, localhost) and allowed destinations are`);
  else {
    try {
      addresses = await lookup(host, { all: true });
    } catch (err) {
      throw new DeliveryError('connect', `${host} could not be resolved (${(err as { code?: string }).code ?? 'lookup failed'})`);
    }
  }
  for (const a of addresses) {
    const why = policy(a.address, url);
    if (why) throw new DeliveryError('refused', why);
  }
  const first = addresses[0];
  if (!first) throw new DeliveryError('connect', `${host} has no address`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `Deliver` that contacts only addresses the policy allows, within the limits. With
 * `resolveNames: false` host names other than `localhost` are refused without a DNS query.
 */
export function makeDeliver(policy: AddressPolicy, limits: DeliverLimits = DEFAULT_LIMITS, resolveNames = true): Deliver {
  return async (req) => {
    const url = new URL(req.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError('refused', `${url.protocol} URLs are not contacted`);
    const target = await resolve(url, policy, resolveNames);
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : Buffer.from(await req.arrayBuffer());
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolvePromise, reject) => {
      const mod = url.protocol === 'https:' ? https : http;
      let settled = false;
      const fail = (e: DeliveryError) => {
        if (settled) return;
        settled = true;
        clearTimeout(total);
        clearTimeout(connect);
        request.destroy();
        reject(e);
      };
      const request = mod.request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: req.method,
          headers,
          // The checked address, never a second lookup.
          lookup: (_host, opts, cb) => ((opts as { all?: boolean }).all ? (cb as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [target]) : cb(null, target.address, target.family)),
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > limits.maxBytes) return fail(new DeliveryError('too_large', `the answer is larger than ${Math.round(limits.maxBytes / 1024)} KB`));
            chunks.push(chunk);
          });
          res.on('error', () => fail(new DeliveryError('network', 'the connection broke while reading the answer')));
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(total);
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : v);
            const status = res.statusCode ?? 502;
            const nullBody = status === 204 || status === 304 || req.method === 'HEAD' || status < 200;
            resolvePromise(new Response(nullBody ? null : Buffer.concat(chunks), { status: status < 200 ? 502 : status, headers: out }));
          });
        },
      );
      const connect = setTimeout(() => fail(new DeliveryError('timeout', `no connection within ${limits.connectMs} ms`)), limits.connectMs);
      const total = setTimeout(() => fail(new DeliveryError('timeout', `no complete answer within ${limits.totalMs} ms`)), limits.totalMs);
      request.on('socket', (socket) => socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connect)));
      request.on('error', (err) => fail(new DeliveryError('connect', `could not connect (${(err as { code?: string }).code ?? err.message})`)));
      req.signal?.addEventListener('abort', () => fail(new DeliveryError('timeout', 'the request was aborted')));
      request.end(body ?? undefined);
    });
  };
}
