import { Badge, type Tone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Stat } from '../../../../components/ui/stat';
import { formatInt } from '../../../../lib/format';
import type { MeshCheck } from './mesh-check';
import { problemColors } from './scene-extras';

export type PrintVerdict = { status: 'healthy' | 'warning' | 'error'; text: string };

/** The document's status values from the browser's own check. */
export function printVerdict(check: MeshCheck): PrintVerdict {
  if (check.boundaryEdges > 0) return { status: 'error', text: 'Not printable as is: the surface is not closed' };
  // Closed, but edges where three or more faces meet: no hole to name.
  if (check.nonManifoldEdges > 0) return { status: 'error', text: 'Not printable as is: some edges are shared by more than two faces' };
  if (check.degenerateFaces > 0) return { status: 'warning', text: 'Closed, with degenerate faces' };
  return { status: 'healthy', text: 'Watertight: ready to print' };
}

const tones: Record<PrintVerdict['status'], Tone> = { healthy: 'success', warning: 'warning', error: 'danger' };

/** Printability measured in the browser from the mesh, with a switch for drawing the problems. */
export function PrintPanel({
  check,
  onCheck,
  showProblems,
  onShowProblems,
}: {
  check: MeshCheck | null;
  onCheck: () => void;
  showProblems: boolean;
  onShowProblems: (on: boolean) => void;
}) {
  if (!check) {
    return (
      <section aria-label="Printability" className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3">
        <p className="min-w-0 flex-1 text-sm text-muted">Check the mesh for holes and non-manifold edges, here in the browser.</p>
        <Button onClick={onCheck}>Check printability</Button>
      </section>
    );
  }
  const verdict = printVerdict(check);
  const problems = check.boundaryEdges + check.nonManifoldEdges;
  return (
    <section aria-label="Printability" className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={tones[verdict.status]}>{verdict.status}</Badge>
        <span className="min-w-0 flex-1 text-sm">{verdict.text}</span>
        {problems > 0 ? (
          <Button aria-pressed={showProblems} onClick={() => onShowProblems(!showProblems)}>
            Draw problems
          </Button>
        ) : null}
      </div>
      <dl aria-label="Printability measured in the browser" className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        <Stat label="Watertight" value={check.watertight ? 'yes' : 'no'} />
        <Stat label="Holes" value={formatInt(check.holes)} />
        <Stat label="Open edges" value={formatInt(check.boundaryEdges)} />
        <Stat label="Non-manifold edges" value={formatInt(check.nonManifoldEdges)} />
        <Stat label="Degenerate faces" value={formatInt(check.degenerateFaces)} />
        <Stat label="Welded vertices" value={formatInt(check.weldedVertices)} />
      </dl>
      {problems > 0 ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <span className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: problemColors.boundary }} /> open edges (hole rims)
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden className="inline-block h-0.5 w-4" style={{ background: problemColors.nonManifold }} /> non-manifold edges
          </span>
        </p>
      ) : null}
    </section>
  );
}
