// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { diffStats } from './stats-diff';

describe('the compare page’s stats diff', () => {
  it('gives B against A with the change and its share', () => {
    const rows = diffStats({ triangles: 20000, vertices: 10000, materials: 1, textures: 3, fileSize: 2048 }, { triangles: 5000, vertices: 10000, materials: 2, textures: 0, fileSize: null });
    expect(rows.map((r) => [r.label, r.a, r.b, r.change, r.direction])).toEqual([
      ['Triangles', '20,000', '5,000', '−15,000 (−75%)', 'down'],
      ['Vertices', '10,000', '10,000', 'same', 'same'],
      ['Materials', '1', '2', '+1 (+100%)', 'up'],
      ['Textures', '3', '0', '−3 (−100%)', 'down'],
      ['File size', '2.0 KB', '—', '—', 'unknown'],
    ]);
  });
});
