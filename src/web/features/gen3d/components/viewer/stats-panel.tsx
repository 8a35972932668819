import { Stat } from '../../../../components/ui/stat';
import { formatInt } from '../../../../lib/format';
import { formatBytes } from '../../../../lib/format-extra';
import type { ViewerStats } from './types';

const dimension = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** The model's figures as a definition list. */
export function StatsPanel({ stats }: { stats: ViewerStats }) {
  const [x, y, z] = stats.size;
  return (
    <dl aria-label="Model statistics" className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
      <Stat label="Triangles" value={formatInt(stats.triangles)} />
      <Stat label="Vertices" value={formatInt(stats.vertices)} />
      <Stat label="Meshes" value={formatInt(stats.meshes)} />
      <Stat label="Materials" value={formatInt(stats.materials)} />
      <Stat label="Textures" value={formatInt(stats.textures)} />
      <Stat label="File size" value={stats.fileSize === null ? '—' : formatBytes(stats.fileSize)} />
      <Stat label="Draw calls" value={formatInt(stats.drawCalls)} />
      <Stat label="Size (model units)" value={`${dimension.format(x)} × ${dimension.format(y)} × ${dimension.format(z)}`} />
    </dl>
  );
}
