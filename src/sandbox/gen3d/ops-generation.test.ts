import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounds, size } from './engine/mesh/soup';
import { blueFigure, dataUri, redDisc, SandboxKit } from './test-kit';

let kit: SandboxKit;
beforeAll(() => {
  kit = new SandboxKit();
});
afterAll(async () => {
  await kit.close();
});

const meanColour = (soup: { colors: Float32Array | null }) => {
  const c = soup.colors!;
  const sum = [0, 0, 0];
  for (let i = 0; i < c.length; i++) sum[i % 3]! += c[i]!;
  return sum.map((v) => v / (c.length / 3));
};

describe('image to 3D', () => {
  it('builds a model from the picture: two pictures give models of their own shape and colour', async () => {
    const disc = await kit.run('/openapi/v1/image-to-3d', { image_url: dataUri(redDisc(), 'image/png'), enable_pbr: true, moderation: false, ai_model: 'meshy-6' });
    const figure = await kit.run('/openapi/v1/image-to-3d', { image_url: dataUri(blueFigure(), 'image/png'), should_texture: true });
    expect(disc.status).toBe('SUCCEEDED');
    expect(disc.consumed_credits).toBe(30);
    // Live shape: one texture set as an object; PBR maps when asked.
    expect(Object.keys(disc.texture_urls as object).sort()).toEqual(['base_color', 'metallic', 'normal', 'roughness']);
    expect(disc.face_count).toBeGreaterThan(500);
    const a = await kit.model(disc.model_urls!.glb!);
    const b = await kit.model(figure.model_urls!.glb!);
    const [aw, ah] = size(bounds(a.positions));
    const [bw, bh] = size(bounds(b.positions));
    expect(aw / ah).toBeGreaterThan(0.85); // a disc is as wide as tall
    expect(bw / bh).toBeLessThan(0.75); // the figure is tall
    const [ar, , ab] = meanColour(a);
    const [br, , bb] = meanColour(b);
    expect(ar!).toBeGreaterThan(ab!); // red
    expect(bb!).toBeGreaterThan(br!); // blue
    expect(disc.image_url).toMatch(/\/files\/.+\/input_0\.png/);
    expect(new TextDecoder().decode((await kit.bytes(disc.thumbnail_url!)).subarray(1, 4))).toBe('PNG');
  });

  it('takes an image task by input_task_id and several views for multi-image (a visual hull)', async () => {
    const views = await kit.run('/openapi/v1/text-to-image', { ai_model: 'nano-banana', prompt: 'a robot', generate_multi_view: true, aspect_ratio: '1:1' });
    const one = await kit.run('/openapi/v1/image-to-3d', { input_task_id: views.id, should_texture: false });
    expect(one.status).toBe('SUCCEEDED');
    expect(one.consumed_credits).toBe(20);
    const multi = await kit.run('/openapi/v1/multi-image-to-3d', { image_urls: [dataUri(blueFigure(), 'image/png'), dataUri(redDisc(), 'image/png')], ai_model: 'latest', multi_view_thumbnails: true });
    expect(multi.status).toBe('SUCCEEDED');
    expect(Object.keys(multi.thumbnail_urls as object)).toEqual(['front', 'right', 'back', 'left']);
    const hull = await kit.model(multi.model_urls!.glb!);
    const [, , d] = size(bounds(hull.positions));
    expect(d).toBeGreaterThan(0.3); // the side view (a disc) gives it depth
    expect(multi.image_urls).toHaveLength(2); // the request's pictures, echoed as sandbox files
  });
});

describe('text to image and image to image', () => {
  it('makes a PNG for the prompt, three with multi-view, in image_urls and image_url', async () => {
    const single = await kit.run('/openapi/v1/text-to-image', { ai_model: 'gpt-image-2', prompt: 'a red chair', aspect_ratio: '16:9' });
    expect(single.consumed_credits).toBe(9);
    expect(single.image_urls).toHaveLength(1);
    expect(single.image_url).toBe(single.image_urls![0]);
    const img = PNG.sync.read(Buffer.from(await kit.bytes(single.image_url!)));
    expect(img.width / img.height).toBeCloseTo(16 / 9, 1);
    const multi = await kit.run('/openapi/v1/text-to-image', { ai_model: 'nano-banana-pro', prompt: 'a knight', generate_multi_view: true, pose_mode: 't-pose' });
    expect(multi.image_urls).toHaveLength(3);
    const pics = await Promise.all(multi.image_urls!.map((u) => kit.bytes(u)));
    expect(Buffer.compare(Buffer.from(pics[0]!), Buffer.from(pics[1]!))).not.toBe(0);
  });

  it('paints the prompt in the colours of the references', async () => {
    const r = await kit.run('/openapi/v1/image-to-image', { ai_model: 'nano-banana-2', prompt: 'a vase', reference_image_urls: [dataUri(blueFigure(), 'image/png')], generate_multi_view: false });
    expect(r.status).toBe('SUCCEEDED');
    expect(r.consumed_credits).toBe(6);
    const img = PNG.sync.read(Buffer.from(await kit.bytes(r.image_urls![0]!)));
    let blue = 0, red = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      blue += img.data[i + 2]!;
      red += img.data[i]!;
    }
    expect(blue).toBeGreaterThan(red);
  });
});

describe('retexture', () => {
  it('keeps the mesh and makes new textures; an image style wins over text', async () => {
    const preview = await kit.run('/openapi/v2/text-to-3d', { mode: 'preview', prompt: 'a wooden chair' });
    const byText = await kit.run('/openapi/v1/retexture', { input_task_id: preview.id, text_style_prompt: 'green marble', enable_pbr: false });
    const both = await kit.run('/openapi/v1/retexture', { input_task_id: preview.id, text_style_prompt: 'green marble', image_style_url: dataUri(redDisc(), 'image/png'), enable_pbr: true, target_formats: ['glb', 'stl'] });
    expect(byText.status).toBe('SUCCEEDED');
    expect(byText.consumed_credits).toBe(10);
    const source = await kit.model(preview.model_urls!.glb!);
    const retextured = await kit.model(byText.model_urls!.glb!);
    expect(retextured.positions.length).toBe(source.positions.length);
    expect(size(bounds(retextured.positions))[1]).toBeCloseTo(size(bounds(source.positions))[1], 4);
    const [, g, b] = meanColour(retextured);
    expect(g!).toBeGreaterThan(b!); // green
    const [r2, g2] = meanColour(await kit.model(both.model_urls!.glb!));
    expect(r2!).toBeGreaterThan(g2!); // the red picture, not the green text
    expect(Object.keys(both.texture_urls as object)).toContain('normal');
    // The document's target_formats: the formats asked (GLB alone when none are).
    expect(Object.keys(byText.model_urls!)).toEqual(['glb']);
    expect(Object.keys(both.model_urls!).sort()).toEqual(['glb', 'stl']);
    expect(both.target_formats).toEqual(['glb', 'stl']);
  });
});
