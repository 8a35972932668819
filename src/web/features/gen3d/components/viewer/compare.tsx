import { useCallback, useMemo, useState } from 'react';
import { cn } from '../../../../lib/cn';
import { diffStats, type ComparedStats } from '../../stats-diff';
import { CameraLink } from './camera-link';
import { ModelViewer } from './index';
import type { ViewerStats } from './types';

export type CompareSide = { src: string; title: string; fileName: string; clipSources?: { label: string; src: string }[] };

/** Two models side by side; orbiting, zooming or panning one moves the other the same way. Loaded as its own chunk. */
export function CompareView({ a, b }: { a: CompareSide; b: CompareSide }) {
  const link = useMemo(() => new CameraLink(), []);
  const [statsA, setStatsA] = useState<ViewerStats | null>(null);
  const [statsB, setStatsB] = useState<ViewerStats | null>(null);
  const onA = useCallback((s: ViewerStats | null) => setStatsA(s), []);
  const onB = useCallback((s: ViewerStats | null) => setStatsB(s), []);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[
          { side: a, key: 'A', on: onA },
          { side: b, key: 'B', on: onB },
        ].map(({ side, key, on }) => (
          <section key={key} aria-label={`Model ${key}`} className="flex min-w-0 flex-col gap-2">
            <h2 className="truncate text-sm font-medium" title={side.title}>
              {key}: {side.title}
            </h2>
            <ModelViewer
              src={side.src}
              clipSources={side.clipSources}
              label={`Model ${key}: ${side.title}`}
              fileName={side.fileName}
              stageClassName="h-[48vh] min-h-72"
              tools={{ hideStats: true }}
              cameraLink={link}
              onModel={on}
            />
          </section>
        ))}
      </div>
      <p className="text-xs text-muted">The two cameras are linked: orbit, zoom or pan either model and the other follows.</p>
      {statsA && statsB ? <DiffTable a={statsA} b={statsB} /> : null}
    </div>
  );
}

const pick = (s: ViewerStats): ComparedStats => ({ triangles: s.triangles, vertices: s.vertices, materials: s.materials, textures: s.textures, fileSize: s.fileSize });

function DiffTable({ a, b }: { a: ViewerStats; b: ViewerStats }) {
  const rows = diffStats(pick(a), pick(b));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 text-sm" aria-label="Statistics, B against A">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="py-1 pr-3 font-medium">Figure</th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">A</th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">B</th>
            <th scope="col" className="py-1 text-right font-medium">B − A</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t border-border">
              <th scope="row" className="py-1 pr-3 text-left font-normal">{r.label}</th>
              <td className="py-1 pr-3 text-right font-mono tabular-nums">{r.a}</td>
              <td className="py-1 pr-3 text-right font-mono tabular-nums">{r.b}</td>
              <td className={cn('py-1 text-right font-mono tabular-nums', r.direction === 'same' || r.direction === 'unknown' ? 'text-muted' : '')}>{r.change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
