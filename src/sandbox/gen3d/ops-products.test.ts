import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bounds, size } from './engine/mesh/soup';
import { blueFigure, dataUri, KEY, SandboxKit } from './test-kit';
import { accountOf } from './accounts';

let kit: SandboxKit;
beforeAll(() => {
  kit = new SandboxKit();
});
afterAll(async () => {
  await kit.close();
});

const lab = (product: string, step: string) => `/openapi/creative-lab/${product}/v1/${step}`;

describe('creative-lab products', () => {
  for (const [product, metres] of [['figure', 0.12], ['keychain', 0.05], ['fridge-magnet', 0.06], ['lamp', 0.12]] as const) {
    it(`${product}: prototype from a picture, then a build from it`, async () => {
      const proto = await kit.run(lab(product, 'prototype'), { image_url: dataUri(blueFigure(), 'image/png'), name: `my ${product}` });
      expect(proto.status).toBe('SUCCEEDED');
      expect(proto.consumed_credits).toBe(6);
      expect(proto.image_urls).toHaveLength(1);
      expect(proto.name).toBe(`my ${product}`);
      const build = await kit.run(lab(product, 'build'), { input_task_id: proto.id });
      expect(build.status).toBe('SUCCEEDED');
      expect(build.consumed_credits).toBe(30);
      expect(Object.keys(build.model_urls!)).toEqual(expect.arrayContaining(['glb', 'stl', 'obj']));
      const dims = size(bounds((await kit.model(build.model_urls!.stl!)).positions));
      expect(Math.max(...dims)).toBeGreaterThan(metres * 0.6);
      expect(Math.max(...dims)).toBeLessThan(metres * 1.3);
    });
  }

  it('a lamp prototype also takes text', async () => {
    const proto = await kit.run(lab('lamp', 'prototype'), { text: 'a lighthouse by the sea' });
    expect(proto.status).toBe('SUCCEEDED');
    expect((await kit.create(lab('figure', 'prototype'), { text: 'a lighthouse' })).status).toBe(400);
  });

  it('builds only from a SUCCEEDED prototype of the same product created through the API, else 404', async () => {
    const proto = await kit.run(lab('keychain', 'prototype'), { image_url: dataUri(blueFigure(), 'image/png') });
    expect((await kit.create(lab('figure', 'build'), { input_task_id: proto.id })).status).toBe(404);
    expect((await kit.create(lab('figure', 'build'), { input_task_id: 'nope' })).status).toBe(404);
    // The seeded prototype made in the web app: listed, SUCCEEDED, and refused for a build.
    const web = `webapp-${accountOf(KEY).slice(0, 12)}`;
    const seeded = await kit.until(lab('figure', 'prototype'), web);
    expect(seeded).toMatchObject({ status: 'SUCCEEDED', name: 'Made in the web app' });
    const refused = await kit.create(lab('figure', 'build'), { input_task_id: web });
    expect(refused.status).toBe(404);
    expect(refused.message).toMatch(/made in the web app/);
    // A build's model goes to multi-color only by model_url.
    const figure = await kit.run(lab('figure', 'prototype'), { image_url: dataUri(blueFigure(), 'image/png') });
    const build = await kit.run(lab('figure', 'build'), { input_task_id: figure.id });
    expect((await kit.create('/openapi/v1/print/multi-color', { input_task_id: build.id })).status).toBe(400);
    const glb = dataUri(await kit.bytes(build.model_urls!.glb!), 'model/gltf-binary');
    expect((await kit.run('/openapi/v1/print/multi-color', { model_url: glb, max_colors: 2 })).status).toBe('SUCCEEDED');
  });
});
