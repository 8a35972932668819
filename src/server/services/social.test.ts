import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostPage, SocialCredits, UserPage } from '../../contracts/social';
import { services } from '../../contracts/services';
import { makeKit, type Kit } from '../testing/kit';

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

type Err = { error: { status: number; code: string; message: string; field?: string | null; retryAfter: number | null } };
const search = (q: string, extra = '') => kit.json<unknown>(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent(q)}${extra}`);

describe('social through the BFF', () => {
  it('searches with the platform syntax and pages with opaque cursors, each match once', async () => {
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await search('coffee lang:en', `&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      const page = PostPage.parse(r.body);
      for (const p of page.items) {
        expect(seen.has(p.id)).toBe(false);
        seen.add(p.id);
        expect(p.lang).toBe('en');
        expect(p.text.toLowerCase()).toContain('coffee');
      }
      cursor = page.hasNext ? page.cursor : null;
      pages++;
    } while (cursor && pages < 50);
    expect(seen.size).toBeGreaterThan(50);
    expect(pages).toBeGreaterThan(1);
  });

  it('makes every avatar and media URL a signed same-origin URL that serves the image', async () => {
    const r = await search('filter:media');
    const page = PostPage.parse(r.body);
    const post = page.items.find((p) => p.media.length > 0 && p.author?.avatar);
    expect(post).toBeDefined();
    const media = post?.media[0]?.url as string;
    const avatar = post?.author?.avatar as string;
    for (const url of [media, avatar]) {
      expect(url).toMatch(/^\/api\/media\/social\//);
      const img = await kit.req(url);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
    }
    expect(JSON.stringify(r.body)).not.toContain('sandbox.invalid');
    // A link the console did not sign is refused.
    const forged = await kit.json<Err>(`/api/media/social/AAAAAAAAAAAAAAAAAAAAAA/${Buffer.from('http://169.254.169.254/latest').toString('base64url')}`);
    expect(forged.status).toBe(404);
  });

  it('hands on the posts as the service wrote them, accents and emoji included, only the media links changed', async () => {
    const path = '/api/v1/x/tweets/search?q=cats&limit=50';
    const direct = await kit.json<unknown>(`/sandbox/social${path}`, { headers: { 'x-api-key': services.social.sandboxKey } });
    const through = await search('cats', '&limit=50');
    expect(through.status).toBe(200);
    const words = (body: unknown) => PostPage.parse(body).items.map((p) => [p.id, p.text, p.author?.name, p.author?.description]);
    expect(words(through.body)).toEqual(words(direct.body));
    expect(words(through.body).flat().some((w) => /[\u0080-\uffff]/.test(w ?? ''))).toBe(true);
  });

  it('checks the query before it leaves, and passes the service’s syntax errors on as sentences', async () => {
    const big = await kit.json<Err>('/api/social/api/v1/x/tweets/search?q=cats&limit=500');
    expect(big.status).toBe(400);
    expect(big.body.error).toMatchObject({ field: 'limit', message: 'Nothing was sent: limit must be 1 to 100.' });
    const unclosed = await kit.json<Err>(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('"open phrase')}`);
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.error.message).toMatch(/a quoted phrase is not closed/);
    const badName = await kit.json<Err>('/api/social/api/v1/x/users/not-a-valid-name!');
    expect(badName.status).toBe(400);
    expect(badName.body.error).toMatchObject({ field: 'user', message: expect.stringMatching(/^Nothing was sent: user must be a user id/) });
  });

  it('obeys Retry-After when the service limits the rate, and reads the 404s of unknown posts and users', async () => {
    await kit.control('/social/faults', { kind: 'http', status: 429, retryAfter: 1, method: 'GET', path: 'tweets/search', body: { error: 'rate_limited', message: 'Too many requests', retryAfter: 1 } });
    const started = Date.now();
    const r = await search('music');
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const missing = await kit.json<Err>('/api/social/api/v1/x/tweets/1');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/^Not found: /);
  });

  it('pages a popular user’s followers', async () => {
    const authors = PostPage.parse((await search('lang:en', '&queryType=Top&limit=100')).body).items.flatMap((p) => (p.author ? [p.author] : []));
    const user = authors.sort((a, b) => b.followers - a.followers)[0]?.username as string;
    const first = UserPage.parse((await kit.json(`/api/social/api/v1/x/users/${user}/followers`)).body);
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.hasNext).toBe(true);
    const second = UserPage.parse((await kit.json(`/api/social/api/v1/x/users/${user}/followers?cursor=${encodeURIComponent(first.cursor ?? '')}`)).body);
    expect(second.items.map((u) => u.id)).not.toContain(first.items[0]?.id);
  });

  it('reads the credit balance (integer strings) and tells every tab', async () => {
    const events: unknown[] = [];
    const stop = kit.app.hub.subscribe((e) => events.push(e));
    const credits = await kit.json<unknown>('/api/social/api/v1/credits');
    stop();
    expect(SocialCredits.parse(credits.body).balance).toBe(10000);
    expect(events).toContainEqual(expect.objectContaining({ type: 'balance', service: 'social', mode: 'sandbox', balance: 10000 }));
  });
});
