import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { generateModel } from './index';

const SLOW = 60_000;

describe('extra formats', () => {
  it('only the requested formats are produced', async () => {
    const m = await generateModel({ prompt: 'a mug', stage: 'preview' }, ['stl']);
    expect(Object.keys(m.formats)).toEqual(['stl']);
    expect(Object.keys((await generateModel({ prompt: 'a mug', stage: 'preview' })).formats)).toEqual([]);
  }, SLOW);

  it('3MF is a valid package whose model has every triangle', async () => {
    const m = await generateModel({ prompt: 'a red chair', stage: 'refine' }, ['3mf']);
    const files = unzipSync(m.formats['3mf'] ?? new Uint8Array());
    expect(Object.keys(files).sort()).toEqual(['3D/3dmodel.model', '[Content_Types].xml', '_rels/.rels']);
    expect(strFromU8(files['[Content_Types].xml'] ?? new Uint8Array())).toContain('application/vnd.ms-package.3dmanufacturing-3dmodel+xml');
    expect(strFromU8(files['_rels/.rels'] ?? new Uint8Array())).toContain('Target="/3D/3dmodel.model"');
    const xml = strFromU8(files['3D/3dmodel.model'] ?? new Uint8Array());
    expect(xml).toContain('unit="millimeter"');
    expect(xml.match(/<triangle /g)?.length).toBe(m.faceCount);
    const vertexCount = xml.match(/<vertex /g)?.length ?? 0;
    expect(vertexCount).toBeGreaterThan(3);
    const maxIndex = Math.max(...[...xml.matchAll(/v[123]="(\d+)"/g)].map((x) => Number(x[1])));
    expect(maxIndex).toBeLessThan(vertexCount);
  }, SLOW);

  it('OBJ and binary STL describe the same triangles', async () => {
    const m = await generateModel({ prompt: 'a blue rocket', stage: 'preview' }, ['obj', 'stl']);
    const obj = strFromU8(m.formats.obj ?? new Uint8Array());
    expect(obj.match(/^v /gm)?.length).toBeGreaterThan(0);
    expect(obj.match(/^vn /gm)?.length).toBeGreaterThan(0);
    expect(obj.match(/^vt /gm)?.length).toBeGreaterThan(0);
    expect(obj.match(/^f /gm)?.length).toBe(m.faceCount);
    const stl = m.formats.stl ?? new Uint8Array();
    const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
    expect(view.getUint32(80, true)).toBe(m.faceCount);
    expect(stl.byteLength).toBe(84 + 50 * m.faceCount);
  }, SLOW);
});
