import type { LedgerTask } from '../../../../contracts/bff';
import { ButtonLink } from '../../../components/ui/button';

const order = ['glb', 'fbx', 'obj', 'usdz', 'blend', 'stl', '3mf'];
const rank = (f: string) => (order.indexOf(f) === -1 ? order.length : order.indexOf(f));

/** A download button for every format in `model_urls`, served by the console (archived copies). */
export function Downloads({ task }: { task: LedgerTask }) {
  const formats = Object.entries(task.task.model_urls).sort(([a], [b]) => rank(a) - rank(b));
  const missing = (task.task.target_formats ?? []).filter((f) => !(f in task.task.model_urls));
  if (formats.length === 0) return <p className="text-sm text-muted">No files yet.</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {formats.map(([format, url]) => (
          <ButtonLink key={format} href={`${url}?download=1`} download size="sm" variant={format === 'glb' ? 'primary' : 'secondary'}>
            Download {format.toUpperCase()}
          </ButtonLink>
        ))}
      </div>
      {missing.length ? (
        <p className="text-xs text-warning">
          Requested but not produced by the service: {missing.map((f) => f.toUpperCase()).join(', ')}. The service makes some formats only for some tasks, and
          this console cannot convert files yet: download the GLB and convert it in a 3D tool such as Blender.
        </p>
      ) : null}
      <p className="text-xs text-muted">
        {task.archived
          ? 'Copies are kept by this console, so downloads keep working after the service deletes its files (3 days).'
          : 'Served from the service until the console has archived its copy.'}
      </p>
    </div>
  );
}
