import type { LedgerTask } from '../../../../contracts/bff';

const labels: Record<string, string> = {
  base_color: 'Base colour',
  metallic: 'Metallic',
  roughness: 'Roughness',
  normal: 'Normal',
  emission: 'Emission',
};

/** The texture maps of a textured task, each viewable on its own. */
export function TextureMaps({ task }: { task: LedgerTask }) {
  const set = task.task.texture_urls[0];
  if (!set || Object.keys(set).length === 0) return <p className="text-sm text-muted">This model has no textures.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3" aria-label="Texture maps">
      {Object.entries(set).map(([channel, url]) => (
        <li key={channel}>
          <a href={url} target="_blank" rel="noreferrer" className="group block">
            <img src={url} alt={`${labels[channel] ?? channel} texture`} loading="lazy" className="aspect-square w-full rounded border border-border object-cover group-hover:border-accent" />
            <span className="mt-1 block text-xs text-muted">{labels[channel] ?? channel}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
