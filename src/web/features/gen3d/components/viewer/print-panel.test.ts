// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MeshCheck } from './mesh-check';
import { printVerdict } from './print-panel';

const check = (over: Partial<MeshCheck>): MeshCheck => ({
  triangles: 12,
  weldedVertices: 8,
  boundaryEdges: 0,
  nonManifoldEdges: 0,
  holes: 0,
  degenerateFaces: 0,
  watertight: true,
  boundarySegments: new Float32Array(),
  nonManifoldSegments: new Float32Array(),
  ...over,
});

describe('the printability verdict', () => {
  it('names holes only where the surface has open edges', () => {
    expect(printVerdict(check({ boundaryEdges: 96, holes: 3, watertight: false })).text).toBe('Not printable as is: the surface is not closed');
    // A repaired model with no hole but edges shared by three faces: not "not closed" beside "Holes 0".
    const shared = printVerdict(check({ nonManifoldEdges: 4, watertight: false }));
    expect(shared.status).toBe('error');
    expect(shared.text).not.toMatch(/not closed/);
    expect(shared.text).toMatch(/more than two faces/);
    expect(printVerdict(check({})).text).toBe('Watertight: ready to print');
  });
});
