import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaSigner, signedMediaBytes } from './media';

const dir = mkdtempSync(join(tmpdir(), 'triptych-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const signer = new MediaSigner(dir);
const signed = (value: unknown) => JSON.parse(Buffer.from(signedMediaBytes(JSON.stringify(value), signer, 'social')).toString('utf8'));
/** The original URL a signed one stands for, as the media route reads it back. */
const original = (url: string) => {
  const [, , , service, mac, encoded] = url.split('/');
  expect(service).toBe('social');
  return signer.verify(mac as string, encoded as string);
};

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
      expect(t.mediaUrl).toMatch(/^\/api\/media\/social\/[\w-]{22}\/[\w-]+$/);
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
