import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/*
 * The browser or program at the other end of a request, as the console sees it: the scheme it
 * used and its address. Behind a trusted reverse proxy (TRUST_PROXY=1) the proxy's headers say
 * them; otherwise the connection does (a header anyone can send is never believed).
 */

/** The scheme the browser used to reach the console: the request's own, or the first `X-Forwarded-Proto` a trusted proxy sets. */
export function requestScheme(url: string, forwardedProto: string | undefined, trustProxy: boolean): 'http:' | 'https:' {
  if (url.startsWith('https:')) return 'https:';
  return trustProxy && forwardedProto?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https:' : 'http:';
}

/** Whether the browser came over https. */
export const cameOverHttps = (c: Context, trustProxy: boolean) => requestScheme(c.req.url, c.req.header('x-forwarded-proto'), trustProxy) === 'https:';

/** The client's address: the connection's, or the last `X-Forwarded-For` entry a trusted proxy appended. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    // The proxy in front appends the address it saw: the last one is the one to believe.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
