import type { Hono } from 'hono';
import { fnv1a } from '../../shared/hash';
import { fail, type Env } from '../http';
import { drawAvatar, drawPostImage } from '../engine/media-art';
import type { SocialData } from '../store/state';

const CACHE_BYTES = 32 * 1024 * 1024;

/** Pictures the records point at, drawn on first request and kept in a bounded cache. */
export class MediaStore {
  private readonly cache = new Map<string, Uint8Array>();
  private bytes = 0;
  constructor(private readonly data: () => SocialData) {}

  get(file: string): Uint8Array | null {
    const hit = this.cache.get(file);
    if (hit) {
      this.cache.delete(file);
      this.cache.set(file, hit);
      return hit;
    }
    const made = this.draw(file);
    if (!made) return null;
    this.cache.set(file, made);
    this.bytes += made.byteLength;
    for (const [name, png] of this.cache) {
      if (this.bytes <= CACHE_BYTES) break;
      this.cache.delete(name);
      this.bytes -= png.byteLength;
    }
    return made;
  }

  get size() {
    return { entries: this.cache.size, bytes: this.bytes };
  }

  private draw(file: string): Uint8Array | null {
    // Corpus accounts and posts, and the ones generated beyond the corpus or live on the clock.
    const { universe } = this.data();
    const avatar = /^avatar-(\d{1,25})\.png$/.exec(file);
    if (avatar) {
      const u = universe.findUser(avatar[1]!);
      return u === undefined ? null : drawAvatar(fnv1a(avatar[1]!), universe.user(u).hue);
    }
    const picture = /^post-(\d{1,25})-([1-4])\.png$/.exec(file);
    if (!picture) return null;
    const p = universe.findPost(picture[1]!);
    const item = p === undefined ? undefined : universe.post(p).media[Number(picture[2]) - 1];
    return item ? drawPostImage(fnv1a(file), item.width, item.height, item.type) : null;
  }
}

/** `GET /media/:file`: no key needed, like a CDN; long-lived cache headers. */
export function mediaRoutes(app: Hono<Env>, data: () => SocialData) {
  const store = new MediaStore(data);
  app.get('/media/:file', (c) => {
    const file = c.req.param('file');
    const png = store.get(file);
    if (!png) return fail(c, 404, `No media file "${file}".`);
    const etag = `"${data().corpus.seed.toString(36)}-${fnv1a(file).toString(36)}"`;
    const headers = { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(png.byteLength) });
  });
  return store;
}
