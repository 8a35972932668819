import { formatInt } from '../../lib/format';
import { formatBytes } from '../../lib/format-extra';

/** The figures the A/B compare sets side by side. */
export type ComparedStats = { triangles: number; vertices: number; materials: number; textures: number; fileSize: number | null };

export type DiffRow = { label: string; a: string; b: string; change: string; direction: 'up' | 'down' | 'same' | 'unknown' };

const rows: { key: keyof ComparedStats; label: string; format: (n: number) => string }[] = [
  { key: 'triangles', label: 'Triangles', format: formatInt },
  { key: 'vertices', label: 'Vertices', format: formatInt },
  { key: 'materials', label: 'Materials', format: formatInt },
  { key: 'textures', label: 'Textures', format: formatInt },
  { key: 'fileSize', label: 'File size', format: formatBytes },
];

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** B against A, figure by figure: both values and the change (B − A, and as a share of A). */
export function diffStats(a: ComparedStats, b: ComparedStats): DiffRow[] {
  return rows.map(({ key, label, format }) => {
    const va = a[key];
    const vb = b[key];
    if (va === null || vb === null) return { label, a: va === null ? '—' : format(va), b: vb === null ? '—' : format(vb), change: '—', direction: 'unknown' };
    const delta = vb - va;
    const share = va !== 0 ? ` (${percent.format((delta / va) * 100).replace('-', '−')}%)` : '';
    const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
    return {
      label,
      a: format(va),
      b: format(vb),
      change: delta === 0 ? 'same' : `${sign}${format(Math.abs(delta))}${share}`,
      direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'same',
    };
  });
}
