import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerTask } from '../../contracts/bff';
import { makeKit, type Kit } from '../testing/kit';
import { downloadName } from './assets';

let kit: Kit;
beforeAll(async () => {
  kit = await makeKit();
});
afterAll(async () => {
  await kit.close();
});

async function run(path: string, body: unknown): Promise<LedgerTask> {
  const created = await kit.json<{ result: string }>(`/api/gen3d${path}`, { method: 'POST', json: body });
  expect(created.status, created.text).toBe(202);
  return kit.waitFor(created.body.result, (t) => t.task.status === 'SUCCEEDED' && t.archived, 60_000);
}
const filename = async (url: string) => {
  const res = await kit.req(`${url}?download=1`);
  expect(res.status, url).toBe(200);
  await res.body?.cancel();
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
};

describe('downloaded files are named by task and by file', () => {
  it("gives each image of a multi-view task its own name: the task's prompt and id, its view, its extension", async () => {
    const task = await run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a brass robot', generate_multi_view: true });
    const names = await Promise.all(task.task.image_urls.map(filename));
    const id = task.id.slice(0, 8);
    expect(names).toEqual([`a-brass-robot-${id}-front.png`, `a-brass-robot-${id}-side.png`, `a-brass-robot-${id}-back.png`]);
  }, 90_000);

  it('numbers the images of a single-view task, and keeps a model apart from its thumbnail', async () => {
    const images = await run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a tin cup' });
    const id = images.id.slice(0, 8);
    expect(await Promise.all(images.task.image_urls.map(filename))).toEqual(images.task.image_urls.map((_, i) => `a-tin-cup-${id}-image-${i + 1}.png`));
    const preview = await run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a tin cup', ai_model: 'latest' });
    const names = [await filename(preview.task.model_urls.glb as string), await filename(preview.task.thumbnail_url as string)];
    expect(names[0]).toBe(`a-tin-cup-${preview.id.slice(0, 8)}.glb`);
    expect(names[1]).toMatch(new RegExp(`^a-tin-cup-${preview.id.slice(0, 8)}-thumbnail\\.(png|jpg|webp)$`));
  }, 90_000);

  it('names textures and rig results by their field', () => {
    const t = { id: 'abcdef123456', prompt: 'A Knight!', multiView: false };
    expect(downloadName(t, 'texture_urls.0.base_color')).toBe('a-knight-abcdef12-texture-1-base-color');
    expect(downloadName(t, 'texture_urls.0.normal')).toBe('a-knight-abcdef12-texture-1-normal');
    expect(downloadName(t, 'result.rigged_character_glb_url')).toBe('a-knight-abcdef12-rigged-character-glb');
    expect(downloadName(t, 'result.basic_animations.walking_glb_url')).toBe('a-knight-abcdef12-basic-animations-walking-glb');
    expect(downloadName({ ...t, prompt: null }, 'image_urls.4')).toBe('model-abcdef12-image-5');
    expect(downloadName({ ...t, multiView: true }, 'image_urls.5')).toBe('a-knight-abcdef12-view-6');
  });
});
