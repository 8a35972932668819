// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkMesh, mergeChecks, weldByPosition } from './mesh-check';

/** A unit cube: 8 corners, 12 triangles (two per face), faces listed in `faces` order. */
const corners = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const faces = {
  bottom: [0, 2, 1, 0, 3, 2],
  top: [4, 5, 6, 4, 6, 7],
  front: [0, 1, 5, 0, 5, 4],
  back: [3, 7, 6, 3, 6, 2],
  left: [0, 4, 7, 0, 7, 3],
  right: [1, 2, 6, 1, 6, 5],
};
const cube = (skip: (keyof typeof faces)[] = []) =>
  Object.entries(faces)
    .filter(([name]) => !skip.includes(name as keyof typeof faces))
    .flatMap(([, tris]) => tris);

/** The same triangles as a soup: three own vertices per triangle, as exporters often write. */
function soup(index: number[]): number[] {
  return index.flatMap((v) => corners.slice(v * 3, v * 3 + 3));
}

describe('the mesh check counts edges over welded positions', () => {
  it('a closed cube is watertight: no open or non-manifold edges, no holes', () => {
    const check = checkMesh({ positions: corners, index: cube() });
    expect(check).toMatchObject({ triangles: 12, weldedVertices: 8, boundaryEdges: 0, nonManifoldEdges: 0, holes: 0, degenerateFaces: 0, watertight: true });
  });

  it('a cube without its top has one hole of 4 open edges, drawn as 4 segments', () => {
    const check = checkMesh({ positions: corners, index: cube(['top']) });
    expect(check).toMatchObject({ boundaryEdges: 4, holes: 1, nonManifoldEdges: 0, watertight: false });
    expect(check.boundarySegments.length).toBe(4 * 6);
    // Every open edge lies on the top rim (z = 1).
    for (let i = 2; i < check.boundarySegments.length; i += 3) expect(check.boundarySegments[i]).toBe(1);
  });

  it('two missing faces far apart are two holes; two adjacent ones are one', () => {
    expect(checkMesh({ positions: corners, index: cube(['top', 'bottom']) }).holes).toBe(2);
    expect(checkMesh({ positions: corners, index: cube(['top', 'front']) })).toMatchObject({ holes: 1, boundaryEdges: 6 });
  });

  it('a triangle soup is welded by position before counting, so a closed soup is still watertight', () => {
    const positions = soup(cube());
    expect(checkMesh({ positions, index: null })).toMatchObject({ triangles: 12, weldedVertices: 8, watertight: true });
    expect(checkMesh({ positions: soup(cube(['left'])), index: null })).toMatchObject({ holes: 1, boundaryEdges: 4 });
  });

  it('welding merges positions within the tolerance and keeps others apart', () => {
    const { ids, count } = weldByPosition([0, 0, 0, 1e-8, 0, 0, 0.5, 0, 0], 1e-6);
    expect(count).toBe(2);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('a fin on an edge (three triangles on one edge) is non-manifold', () => {
    const positions = [...corners, 0.5, -1, 0.5];
    const check = checkMesh({ positions, index: [...cube(), 0, 1, 8] });
    expect(check.nonManifoldEdges).toBe(1);
    expect(check.watertight).toBe(false);
    expect(check.nonManifoldSegments.length).toBe(6);
  });

  it('a triangle with two corners at one place is degenerate and adds no edges', () => {
    const check = checkMesh({ positions: [...corners, 0, 0, 0], index: [...cube(), 0, 8, 5] });
    expect(check).toMatchObject({ degenerateFaces: 1, watertight: true });
  });

  it('checks of several meshes add up', () => {
    const a = checkMesh({ positions: corners, index: cube(['top']) });
    const b = checkMesh({ positions: corners, index: cube() });
    expect(mergeChecks([a, b])).toMatchObject({ triangles: 22, holes: 1, boundaryEdges: 4, watertight: false });
  });
});
