import { afterEach, describe, expect, it } from 'vitest';
import { PostPage } from '../contracts/social';
import type { LedgerTask } from '../contracts/bff';
import { LIVE_BASE, LIVE_ORIGIN, makeKit, previewBody, type Kit } from './testing/kit';

let kit: Kit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

const SCRIPT_PAGE = '<!doctype html><script>fetch("/api/connections/gen3d",{method:"PUT",body:"{}"})</script>';
const SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';

/** The headers a browser decides with: what it is, whether it opens or downloads, what may run. */
const looks = (res: Response) => ({
  type: res.headers.get('content-type'),
  disposition: res.headers.get('content-disposition'),
  csp: res.headers.get('content-security-policy'),
  nosniff: res.headers.get('x-content-type-options'),
});
const SANDBOXED = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

describe("a task's files", () => {
  it('open inline only as the types outputs have; a page or an SVG the service passes off downloads, and nothing on a file route runs script', async () => {
    // A hostile live service: its thumbnail is a script page, its OBJ an SVG with script.
    kit = await makeKit({
      liveAnswer: (req, res) => {
        const path = new URL(req.url).pathname;
        if (/\/files\/[^/]+\/thumbnail\.png$/.test(path)) return new Response(SCRIPT_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
        if (/\/files\/[^/]+\/model\.obj$/.test(path)) return new Response(SCRIPT_SVG, { headers: { 'content-type': 'image/svg+xml' } });
        return res;
      },
    });
    const k = kit;
    expect((await k.req('/api/connections/gen3d', { method: 'PUT', json: { mode: 'live', apiKey: 'msy_files_key_12345', baseUrl: LIVE_BASE } })).status).toBe(200);
    const id = (await k.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a red wooden chair') })).body.result;
    await k.waitFor(id, (t: LedgerTask) => t.archived);

    const check = async () => {
      const page = await k.req(`/api/files/gen3d/${id}/thumbnail_url`);
      expect(page.status).toBe(200);
      expect(looks(page)).toEqual({ type: 'application/octet-stream', disposition: `attachment; filename="a-red-wooden-chair-${id.slice(0, 8)}-thumbnail.png"`, csp: SANDBOXED, nosniff: 'nosniff' });
      expect(await page.text()).toBe(SCRIPT_PAGE);
      const svg = await k.req(`/api/files/gen3d/${id}/model_urls.obj`);
      expect(looks(svg)).toMatchObject({ type: 'application/octet-stream', disposition: `attachment; filename="a-red-wooden-chair-${id.slice(0, 8)}.obj"`, csp: SANDBOXED });
      await svg.body?.cancel();
      // The model itself opens as a model (the viewer reads it), and downloads when asked.
      const glb = await k.req(`/api/files/gen3d/${id}/model_urls.glb`);
      expect(looks(glb)).toEqual({ type: 'model/gltf-binary', disposition: null, csp: SANDBOXED, nosniff: 'nosniff' });
      expect(new TextDecoder().decode((await glb.arrayBuffer()).slice(0, 4))).toBe('glTF');
      const download = await k.req(`/api/files/gen3d/${id}/model_urls.glb?download=1`);
      expect(looks(download)).toMatchObject({ type: 'model/gltf-binary', disposition: `attachment; filename="a-red-wooden-chair-${id.slice(0, 8)}.glb"` });
      await download.body?.cancel();
    };
    // From the archive's copy, then streamed from the service once the copy is deleted.
    await check();
    expect((await k.req(`/api/ledger/gen3d/tasks/${id}/files`, { method: 'DELETE' })).status).toBe(200);
    await check();
    // Errors on the route carry the sandbox too.
    expect(looks(await k.req(`/api/files/gen3d/${id}/prompt`)).csp).toBe(SANDBOXED);
  });

  it('keep their own types: PNG and STL inline, the BVH clip of text to motion as plain text', async () => {
    kit = await makeKit();
    const id = (await kit.json<{ result: string }>('/api/gen3d/openapi/v2/text-to-3d', { method: 'POST', json: previewBody('a blue mug') })).body.result;
    await kit.waitFor(id, (t: LedgerTask) => t.archived);
    for (const [key, type] of [
      ['thumbnail_url', 'image/png'],
      ['model_urls.stl', 'model/stl'],
    ]) {
      const res = await kit.req(`/api/files/gen3d/${id}/${key}`);
      expect(looks(res), key).toEqual({ type, disposition: null, csp: SANDBOXED, nosniff: 'nosniff' });
      await res.body?.cancel();
    }
    const motion = (await kit.json<{ result: string }>('/api/gen3d/openapi/v1/text-to-motion', { method: 'POST', json: { prompt: 'a friendly wave', duration: 2 } })).body.result;
    await kit.waitFor(motion, (t: LedgerTask) => t.archived);
    const bvh = await kit.req(`/api/files/gen3d/${motion}/result.motion_url`);
    expect(looks(bvh)).toEqual({ type: 'text/plain; charset=utf-8', disposition: null, csp: SANDBOXED, nosniff: 'nosniff' });
    expect((await bvh.text()).startsWith('HIERARCHY')).toBe(true);
  });
});

describe('media links', () => {
  it('never pass an SVG (or any type but pictures, clips and GLB previews) on to the page', async () => {
    kit = await makeKit({
      liveAnswer: (req, res) => (/\/media\/avatar-[^/]+$/.test(new URL(req.url).pathname) ? new Response(SCRIPT_SVG, { headers: { 'content-type': 'image/svg+xml' } }) : res),
    });
    const k = kit;
    expect((await k.req('/api/connections/social', { method: 'PUT', json: { mode: 'live', apiKey: 'xq_media_key_12345', baseUrl: `${LIVE_ORIGIN}/sandbox/social` } })).status).toBe(200);
    const r = await k.json<unknown>(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('filter:media')}`);
    const post = PostPage.parse(r.body).items.find((p) => p.media.length > 0 && p.author?.avatar);
    const avatar = await k.json<{ error: { code: string; message: string } }>(post?.author?.avatar as string);
    expect(avatar.status).toBe(415);
    expect(avatar.text).not.toContain('<svg');
    expect(avatar.body.error.message).toMatch(/^The console does not show this file \(image\/svg\+xml\): media links carry only pictures/);
    // A post's picture (a PNG) still shows, sandboxed like any file.
    const picture = await k.req(post?.media[0]?.url as string);
    expect(looks(picture)).toEqual({ type: 'image/png', disposition: null, csp: SANDBOXED, nosniff: 'nosniff' });
    await picture.body?.cancel();
  });

  it('expire a day after the answer that carried them, with a sentence; reading the answer again gives a link that works; a link works only for its service', async () => {
    let clock = Date.now();
    kit = await makeKit({ now: () => clock });
    const k = kit;
    const avatarOf = async () => {
      const r = await k.json<unknown>(`/api/social/api/v1/x/tweets/search?q=${encodeURIComponent('filter:media')}`);
      return PostPage.parse(r.body).items.find((p) => p.author?.avatar)?.author?.avatar as string;
    };
    const avatar = await avatarOf();
    expect((await k.req(avatar)).status).toBe(200);
    // Under another service's path the same link is not one this console made.
    expect((await k.req(avatar.replace('/api/media/social/', '/api/media/gen3d/'))).status).toBe(404);
    clock += 25 * 3600_000;
    const expired = await k.json<{ error: { code: string; message: string } }>(avatar);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toMatchObject({
      code: 'media_link_expired',
      message: 'This media link has expired (links work for a day after the page read them). Reload the page for a fresh link.',
    });
    const fresh = await avatarOf();
    expect(fresh).not.toBe(avatar);
    const image = await k.req(fresh);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});
