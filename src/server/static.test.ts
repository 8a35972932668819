import { Hono } from 'hono';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { mountSpa, pickEncoding } from './static';

const dist = mkdtempSync(join(tmpdir(), 'triptych-static-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const script = `export const answer = ${JSON.stringify('forty-two '.repeat(400))};\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-abc.js'), script);
writeFileSync(join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'index-abc.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'assets', 'tiny-abc.js'), 'export {};\n');
// A file the build compressed with gzip only.
writeFileSync(join(dist, 'assets', 'gz-only-abc.css'), 'body{color:red}'.repeat(100));
writeFileSync(join(dist, 'assets', 'gz-only-abc.css.gz'), gzipSync('body{color:red}'.repeat(100)));
const html = `<!doctype html><html><head><title>Triptych console</title><script type="module" src="/assets/index-abc.js"></script></head><body>${'<div></div>'.repeat(50)}</body></html>`;
writeFileSync(join(dist, 'index.html'), html);

const app = new Hono();
mountSpa(app, dist);
const get = (path: string, acceptEncoding?: string) => app.request(`http://127.0.0.1${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

describe('static assets are served compressed', () => {
  it('sends the brotli file to a browser that takes brotli, gzip to one that takes gzip, raw otherwise', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(script);

    const raw = await get('/assets/index-abc.js');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(raw.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect((await bytes(raw)).toString()).toBe(script);
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends a gzip-only file raw to a browser that takes brotli alone', async () => {
    const brOnly = await get('/assets/gz-only-abc.css', 'br');
    expect(brOnly.headers.get('content-encoding')).toBeNull();
    expect(brOnly.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await brOnly.text()).toBe('body{color:red}'.repeat(100));
    const both = await get('/assets/gz-only-abc.css', 'br, gzip');
    expect(both.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(both)).toString()).toBe('body{color:red}'.repeat(100));
  });

  it('keeps a chunk it has sent: a page opened before a rebuild still gets it after its file is gone', async () => {
    const name = 'old-chunk-abc.js';
    writeFileSync(join(dist, 'assets', name), script);
    writeFileSync(join(dist, 'assets', `${name}.br`), brotliCompressSync(script));
    const first = await get(`/assets/${name}`, 'br');
    expect(brotliDecompressSync(await bytes(first)).toString()).toBe(script);
    // The rebuild removes the old build's files.
    unlinkSync(join(dist, 'assets', name));
    unlinkSync(join(dist, 'assets', `${name}.br`));
    const again = await get(`/assets/${name}`, 'br');
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(await bytes(again)).toString()).toBe(script);
    // Never sent in that encoding: not kept, so not found.
    expect((await get(`/assets/${name}`)).status).toBe(404);
    expect((await get('/assets/never-built-abc.js', 'br')).status).toBe(404);
  });

  it('a file the build did not compress is sent as it is', async () => {
    const r = await get('/assets/tiny-abc.js', 'br, gzip');
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(await r.text()).toBe('export {};\n');
  });

  it('compresses the page itself, on / and on any page path', async () => {
    for (const path of ['/', '/3d', '/index.html']) {
      const r = await get(path, 'gzip, deflate, br');
      expect(r.headers.get('content-encoding'), path).toBe('br');
      expect(r.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(await bytes(r)).toString()).toBe(html);
    }
    const gz = await get('/3d', 'gzip;q=1, br;q=0');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(html);
    const raw = await get('/3d', 'identity');
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(html);
  });

  it('reads Accept-Encoding as HTTP says', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
