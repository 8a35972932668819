import type { Soup } from './soup';
import { signedVolume, topology } from './topology';

/**
 * Print analysis measured from the mesh (document statuses): `error` when it is not watertight
 * through a real opening or has non-manifold edges (repair recommended); `warning` for degenerate
 * faces or small holes (boundary edges under 2% of all edges; repair optional); else `healthy`.
 */
export function analyzePrintability(soup: Soup, now: number) {
  const topo = topology(soup);
  const holes = topo.loops.length;
  const watertight = topo.boundaryEdges === 0 && topo.nonManifoldEdges === 0;
  const smallHoles = holes > 0 && topo.boundaryEdges <= Math.max(8, topo.edges * 0.02);
  const errors = (topo.nonManifoldEdges > 0 ? 1 : 0) + (holes > 0 && !smallHoles ? 1 : 0);
  const warnings = (topo.degenerate.size > 0 ? 1 : 0) + (smallHoles ? 1 : 0);
  return {
    _version: 1,
    status: errors > 0 ? 'error' : warnings > 0 ? 'warning' : 'healthy',
    issue_count: errors + warnings,
    error_count: errors,
    warning_count: warnings,
    metrics: {
      is_watertight: watertight,
      volume: Number(Math.abs(signedVolume(topo.soup.positions, topo.soup.indices, topo.degenerate)).toFixed(9)),
      non_manifold_edges: topo.nonManifoldEdges,
      degenerate_faces: topo.degenerate.size,
      holes,
    },
    evaluated_at: now,
  };
}
export type PrintabilityReport = ReturnType<typeof analyzePrintability>;
