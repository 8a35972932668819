import { request as httpRequest } from 'node:http';
import { isIP } from 'node:net';

/**
 * How a sandbox sends its own deliveries (webhooks, pushes): a function from a request to a
 * response, injected where the sandbox is created so the console can route it through its guarded
 * fetcher. The default here sends only to loopback addresses (DESIGN.md, outbound class c), with a
 * connect and a total time limit and a cap on the answer's size; anything else is refused before a
 * socket opens. It never resolves names other than `localhost`.
 */
export type Deliver = (req: Request) => Promise<Response>;

export class DeliveryRefused extends Error {}

export type LoopbackOptions = { connectMs?: number; totalMs?: number; maxResponseBytes?: number };

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

export function loopbackDeliver(opts: LoopbackOptions = {}): Deliver {
  const connectMs = opts.connectMs ?? 3000;
  const totalMs = opts.totalMs ?? 10_000;
  const maxBytes = opts.maxResponseBytes ?? 64 * 1024;
  return async (req) => {
    const url = new URL(req.url);
    if (url.protocol !== 'http:') throw new DeliveryRefused(`only http to loopback is allowed from the sandbox (got ${url.protocol})`);
    if (!isLoopbackHost(url.hostname)) throw new DeliveryRefused(`${url.hostname} is not a loopback address: the sandbox delivers only to this machine unless the console allows more`);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => (headers[k] = v));
      if (body) headers['content-length'] = String(body.byteLength);
      const out = httpRequest(url, { method: req.method, headers, host: url.hostname.replace(/^\[|\]$/g, '') });
      const fail = (message: string) => {
        out.destroy();
        reject(new Error(message));
      };
      const total = setTimeout(() => fail(`no answer within ${totalMs / 1000} s`), totalMs);
      const connect = setTimeout(() => fail(`could not connect within ${connectMs / 1000} s`), connectMs);
      out.on('socket', (s) => (s.connecting ? s.once('connect', () => clearTimeout(connect)) : clearTimeout(connect)));
      out.on('error', (err) => {
        clearTimeout(total);
        clearTimeout(connect);
        reject(err);
      });
      out.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > maxBytes) return fail(`the answer is larger than ${maxBytes} bytes`);
          chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(total);
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          const status = res.statusCode ?? 502;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: h }));
        });
        res.on('error', (err) => fail(err.message));
      });
      out.end(body);
    });
  };
}
