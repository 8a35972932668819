import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mediaRoutes from '../../contracts/bff-routes/media';
import type { ApiError } from '../../contracts/errors';
import { fillPath } from '../../contracts/routes';
import { ServiceId } from '../../contracts/services';
import type { ConnectionSettings } from '../connections/settings';
import type { Upstreams } from '../connections/upstream';
import { serveTable } from '../http/bff-route';
import { fail } from '../http/errors';
import { mediaType } from '../http/file-headers';

/** How long a media link works: a day, rounded up to the hour (links made within one hour are the same, and the browser's cache serves them). */
export const MEDIA_LINK_MS = 24 * 3600_000;
const HOUR = 3600_000;

/** Why a media link is not served. */
export type MediaRefusal = 'forged' | 'expired' | 'outdated';

/**
 * Media the services link to (avatars, post images) reach the browser through the BFF: the page
 * stays same-origin (its CSP allows no other image host), and only URLs the BFF itself handed out
 * are fetched: each carries its service, an expiry and an HMAC of the three with a secret kept in
 * DATA_DIR (`/api/media/{service}/{expiry}.{mac}/{url}`). Every answer that carries media is
 * signed afresh, so a page re-reading it gets links good for another day.
 */
export class MediaSigner {
  private readonly secret: Buffer;
  /** Signed URLs already made, per service, with the expiry they carry (the same avatars come back page after page). */
  private readonly made = new Map<string, Map<string, { signed: string; expires: number }>>();
  private madeCount = 0;

  /** `secret`: the team's (node-lib/shared-secrets.ts); left out, the one in DATA_DIR's media.secret (made once). */
  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
    secret?: Buffer,
  ) {
    if (secret) {
      this.secret = secret;
      return;
    }
    const file = join(dataDir, 'media.secret');
    if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
    this.secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }

  private mac(text: string) {
    return createHmac('sha256', this.secret).update(text).digest('base64url').slice(0, 22);
  }

  private signature(service: string, expires: number, url: string) {
    return this.mac(`${service}\n${expires}\n${url}`);
  }

  /** A same-origin URL for a media URL of `service`: its id, digits and base64url only, so it needs no escaping in JSON. */
  url(service: ServiceId, url: string): string {
    // Seconds since 1970, at least MEDIA_LINK_MS ahead, on the hour.
    const expires = Math.ceil((this.now() + MEDIA_LINK_MS) / HOUR) * (HOUR / 1000);
    let made = this.made.get(service);
    if (made === undefined) this.made.set(service, (made = new Map()));
    const kept = made.get(url);
    if (kept !== undefined && kept.expires === expires) return kept.signed;
    const signed = fillPath(mediaRoutes.media.path, { service, token: `${expires}.${this.signature(service, expires, url)}`, encoded: Buffer.from(url).toString('base64url') });
    // At most 20,000 kept: the oldest of the service goes first.
    if (kept === undefined) {
      if (this.madeCount >= 20_000 && made.size > 0) made.delete(made.keys().next().value as string);
      else this.madeCount++;
    }
    made.set(url, { signed, expires });
    return signed;
  }

  /** The original URL, if the link was made here for this service and has not expired; else why not. */
  verify(service: string, token: string, encoded: string): { ok: true; url: string } | { ok: false; why: MediaRefusal } {
    const url = Buffer.from(encoded, 'base64url').toString('utf8');
    if (!/^https?:\/\//.test(url)) return { ok: false, why: 'forged' };
    const signed = /^(\d{1,12})\.([\w-]{22})$/.exec(token);
    if (!signed) {
      // A link of the earlier form (an HMAC of the URL alone, no service, no expiry) made here: it no longer works.
      return { ok: false, why: same(token, this.mac(url)) ? 'outdated' : 'forged' };
    }
    const expires = Number(signed[1]);
    if (!same(signed[2] as string, this.signature(service, expires, url))) return { ok: false, why: 'forged' };
    if (expires * 1000 <= this.now()) return { ok: false, why: 'expired' };
    return { ok: true, url };
  }
}

const same = (got: string, want: string) => {
  const a = Buffer.from(got);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
};

const MEDIA_KEYS = ['mediaUrl', 'media_url_https', 'profilePicture', 'profile_image_url', 'profile_banner_url', 'profileBannerUrl', 'coverPicture', 'previewUrl'];
/** `"<media key>":"`, up to the opening quote of its string (spaces allowed around the colon). */
const MEDIA_KEY = new RegExp(`"(?:${MEDIA_KEYS.join('|')})"\\s*:\\s*"`, 'g');

/** A JSON string literal's value (without its quotes); null when it is not valid JSON (it then stays as it came). */
function unescapeJson(literal: string): string | null {
  try {
    return JSON.parse(`"${literal}"`) as string;
  } catch {
    return null;
  }
}

/** Where the JSON string opened before `from` ends: its next quote not escaped (one after an even run of backslashes); -1 when none. */
function closingQuote(text: string, from: number): number {
  for (let end = text.indexOf('"', from); end !== -1; end = text.indexOf('"', end + 1)) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return end;
  }
  return -1;
}

/** Reused by `signedMediaBytes`: an answer is written into it, then copied out at the length it took. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * A JSON answer's UTF-8 bytes with its media URLs replaced by signed same-origin ones; other URLs
 * (links) stay. Working on the text spares parsing and re-serializing every page of posts, and one
 * pass over it writes the bytes: the regular expression finds a media key, the end of its string is
 * the next quote not escaped, the text up to it is written as it is and the signed URL (URL-safe
 * characters only, so no JSON escaping) in place of the original. The pieces go straight into a
 * reused buffer: no joined string is made, flattened and encoded again (a lone surrogate becomes
 * U+FFFD, as `Buffer.from` makes it).
 */
export function signedMediaBytes(text: string, signer: MediaSigner, service: ServiceId): Buffer<ArrayBuffer> {
  let at = 0;
  const put = (piece: string) => {
    // A UTF-16 unit takes at most 3 bytes.
    if (at + piece.length * 3 > scratch.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * scratch.length, at + piece.length * 3));
      scratch.copy(grown, 0, 0, at);
      scratch = grown;
    }
    at += scratch.write(piece, at);
  };
  const key = MEDIA_KEY;
  key.lastIndex = 0;
  let last = 0;
  while (key.exec(text) !== null) {
    const start = key.lastIndex;
    const end = closingQuote(text, start);
    // Not a string after all (malformed JSON): the rest stays as it is.
    if (end === -1) break;
    key.lastIndex = end + 1;
    const literal = text.slice(start, end);
    const url = literal.includes('\\') ? unescapeJson(literal) : literal;
    if (url === null || !/^https?:\/\//.test(url)) continue;
    put(text.slice(last, start));
    put(signer.url(service, url));
    last = end;
  }
  put(last === 0 ? text : text.slice(last));
  const bytes = Buffer.allocUnsafe(at);
  scratch.copy(bytes, 0, 0, at);
  // A very large answer does not keep its scratch for ever.
  if (scratch.length > 4 * 1024 * 1024) scratch = Buffer.allocUnsafe(64 * 1024);
  return bytes;
}

const refusals: Record<MediaRefusal, ApiError> = {
  forged: { status: 404, code: 'not_found', message: 'This media link was not made by this console.', retryAfter: null },
  expired: {
    status: 410,
    code: 'media_link_expired',
    message: 'This media link has expired (links work for a day after the page read them). Reload the page for a fresh link.',
    retryAfter: null,
  },
  outdated: {
    status: 410,
    code: 'media_link_expired',
    message: 'This media link was made by an earlier version of the console and no longer works. Reload the page for a fresh link.',
    retryAfter: null,
  },
};

/** A signed media link (contracts/bff-routes/media.ts): streams the picture, clip or GLB preview it names. */
export function createMediaRoutes(signer: MediaSigner, upstreams: Upstreams, settings: ConnectionSettings) {
  return serveTable(mediaRoutes, {
    media: async ({ params }, c) => {
      const service = ServiceId.safeParse(params.service);
      const link = signer.verify(params.service, params.token, params.encoded);
      if (!link.ok || !service.success) return fail(c, refusals[link.ok ? 'forged' : link.why]);
      const url = link.url;
      const s = settings.get(service.data);
      let res: Response;
      try {
        // Only from the service's own hosts (class a), as any file of a service.
        res = await upstreams.fetchAsset(service.data, s.mode, s.baseUrl, url, { signal: c.req.raw.signal, maxBytes: 32 * 1024 * 1024 });
      } catch {
        return fail(c, { status: 502, code: 'upstream_unreachable', message: 'The image could not be fetched from the service.', retryAfter: null });
      }
      // Pictures and clips, and the 3D animation library's previews (GLB files); never SVG, which can carry script.
      const type = mediaType(res.headers.get('content-type'), new URL(url).pathname);
      if (!res.ok) {
        await res.body?.cancel();
        return fail(c, {
          status: res.status === 404 || res.status === 403 ? 404 : 502,
          code: 'media_unavailable',
          message: 'The image is no longer available from the service.',
          retryAfter: null,
        });
      }
      if (!type) {
        await res.body?.cancel();
        const given = (res.headers.get('content-type') ?? 'no type').split(';')[0]?.trim().slice(0, 60);
        return fail(c, {
          status: 415,
          code: 'media_type_refused',
          message: `The console does not show this file (${given}): media links carry only pictures (PNG, JPEG, WebP, GIF, AVIF), clips (MP4, WebM) and GLB previews. Open the post on the service to see it.`,
          retryAfter: null,
        });
      }
      const headers = new Headers({ 'content-type': type, 'cache-control': 'private, max-age=86400' });
      const length = res.headers.get('content-length');
      if (length) headers.set('content-length', length);
      return new Response(res.body, { headers });
    },
  });
}
