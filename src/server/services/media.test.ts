import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaSigner, signedMediaBytes } from './media';

const dir = mkdtempSync(join(tmpdir(), 'triptych-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let clock = Date.UTC(2025, 0, 1, 10, 20);
const signer = new MediaSigner(dir, () => clock);
const signed = (value: unknown) => JSON.parse(Buffer.from(signedMediaBytes(JSON.stringify(value), signer, 'social')).toString('utf8'));
/** The original URL a signed one stands for, as the media route reads it back (null when refused). */
const original = (url: string) => {
  const [, , , service, token, encoded] = url.split('/');
  expect(service).toBe('social');
  const read = signer.verify(service as string, token as string, encoded as string);
  return read.ok ? read.url : null;
};
const HOUR = 3600_000;

describe('media URLs of an answer, signed as its bytes', () => {
  it('replaces media URLs with same-origin ones the console can read back, and leaves links and the rest alone', () => {
    const post = {
      text: 'Cats 🐈 "quoted" \\ back\u2028line',
      url: 'https://x.com/a/status/1',
      expandedUrl: 'https://example.com/read',
      mediaUrl: 'https://pbs.twimg.com/media/a.jpg?x="1"',
      author: { profilePicture: 'https://pbs.twimg.com/p/b.png', name: 'Ann' },
    };
    const out = signed({ tweets: [post, post], next_cursor: 'c' });
    expect(out.tweets).toHaveLength(2);
    for (const t of out.tweets) {
      expect(t.text).toBe(post.text);
      expect(t.url).toBe(post.url);
      expect(t.expandedUrl).toBe(post.expandedUrl);
      expect(t.mediaUrl).toMatch(/^\/api\/media\/social\/\d+\.[\w-]{22}\/[\w-]+$/);
      expect(original(t.mediaUrl)).toBe(post.mediaUrl);
      expect(original(t.author.profilePicture)).toBe(post.author.profilePicture);
      expect(t.author.name).toBe('Ann');
    }
    expect(out.next_cursor).toBe('c');
  });

  it('leaves a media field that is not an http(s) URL, and spaces around the colon do not hide one', () => {
    const text = '{"mediaUrl" : "https://a.example/1.png","profilePicture":"data:image/png;base64,AAAA","coverPicture":""}';
    const out = JSON.parse(Buffer.from(signedMediaBytes(text, signer, 'social')).toString('utf8'));
    expect(original(out.mediaUrl)).toBe('https://a.example/1.png');
    expect(out.profilePicture).toBe('data:image/png;base64,AAAA');
    expect(out.coverPicture).toBe('');
  });

  it('hands back the same bytes Buffer.from would make, lone surrogates as U+FFFD, and malformed text as it came', () => {
    const lone = '{"name":"a\ud800b","mediaUrl":"https://a.example/2.png"}';
    const bytes = Buffer.from(signedMediaBytes(lone, signer, 'social'));
    expect(bytes.includes(Buffer.from('a\ufffdb'))).toBe(true);
    const badEscape = '{"mediaUrl":"https://a.example/\\x.png","profilePicture":"https://a.example/4.png"}';
    const kept = Buffer.from(signedMediaBytes(badEscape, signer, 'social')).toString('utf8');
    expect(kept.startsWith('{"mediaUrl":"https://a.example/\\x.png","profilePicture":"/api/media/social/')).toBe(true);
    const cut = '{"mediaUrl":"https://a.example/3.png';
    expect(Buffer.from(signedMediaBytes(cut, signer, 'social')).toString('utf8')).toBe(cut);
  });

  it('writes an answer far larger than its working buffer whole', () => {
    const tweets = Array.from({ length: 3000 }, (_, i) => ({ id: String(i), text: '€'.repeat(50), mediaUrl: `https://a.example/${i}.png` }));
    const out = signed({ tweets });
    expect(out.tweets).toHaveLength(3000);
    expect(out.tweets[2999].text).toBe('€'.repeat(50));
    expect(original(out.tweets[2999].mediaUrl)).toBe('https://a.example/2999.png');
    // A small answer after it is still right (the buffer is reused).
    expect(original(signed({ mediaUrl: 'https://a.example/x.png' }).mediaUrl)).toBe('https://a.example/x.png');
  });
});

describe('media links', () => {
  const url = 'https://pbs.twimg.com/media/a.jpg';
  const parts = (link: string) => link.split('/').slice(3) as [string, string, string];

  it('work for a day after the answer that carried them, then are refused as expired; a page that reads again gets a fresh one', () => {
    const made = clock;
    const link = signer.url('social', url);
    // The expiry, in seconds, is a day ahead rounded up to the hour: links made within that hour are the same.
    expect(link).toMatch(new RegExp(`^/api/media/social/${Math.ceil((made + 24 * HOUR) / HOUR) * 3600}\\.[\\w-]{22}/[\\w-]+$`));
    clock = made + 10 * 60_000;
    expect(signer.url('social', url)).toBe(link);
    clock = made + 24 * HOUR - 60_000;
    expect(signer.verify(...parts(link))).toEqual({ ok: true, url });
    clock = made + 25 * HOUR;
    expect(signer.verify(...parts(link))).toEqual({ ok: false, why: 'expired' });
    const fresh = signer.url('social', url);
    expect(fresh).not.toBe(link);
    expect(signer.verify(...parts(fresh))).toEqual({ ok: true, url });
  });

  it('are bound to their service, and a changed expiry or URL breaks the signature', () => {
    const [service, token, encoded] = parts(signer.url('social', url));
    expect(service).toBe('social');
    expect(signer.verify('gen3d', token, encoded)).toEqual({ ok: false, why: 'forged' });
    const [expires, mac] = token.split('.') as [string, string];
    expect(signer.verify('social', `${Number(expires) + 3600}.${mac}`, encoded)).toEqual({ ok: false, why: 'forged' });
    expect(signer.verify('social', token, Buffer.from('https://pbs.twimg.com/media/b.jpg').toString('base64url'))).toEqual({ ok: false, why: 'forged' });
  });

  it('of the earlier form (no service, no expiry) made here are refused as outdated; others as not made here', () => {
    const secret = Buffer.from(readFileSync(join(dir, 'media.secret'), 'utf8').trim(), 'hex');
    const oldMac = createHmac('sha256', secret).update(url).digest('base64url').slice(0, 22);
    const encoded = Buffer.from(url).toString('base64url');
    expect(signer.verify('social', oldMac, encoded)).toEqual({ ok: false, why: 'outdated' });
    expect(signer.verify('social', 'AAAAAAAAAAAAAAAAAAAAAA', encoded)).toEqual({ ok: false, why: 'forged' });
  });
});
