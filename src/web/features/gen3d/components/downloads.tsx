import type { LedgerTask } from '../../../../contracts/bff';
import { taskOutput } from '../../../../contracts/gen3d/records-output';
import { ButtonLink } from '../../../components/ui/button-link';

const order = ['glb', 'fbx', 'obj', 'usdz', 'blend', 'stl', '3mf'];
const rank = (f: string) => (order.indexOf(f) === -1 ? order.length : order.indexOf(f));

export type DownloadFile = { label: string; url: string };

const present = (pairs: [string, string | null][]): DownloadFile[] => pairs.flatMap(([label, url]) => (url ? [{ label, url }] : []));

/**
 * The files a succeeded task made, as its download buttons name them: a model's formats (`GLB`), a
 * rig's character and its walking and running clips, an animation's files. Images download from
 * their gallery and a print analysis makes no file: none here for them.
 */
export function downloadFiles(task: LedgerTask): DownloadFile[] {
  const out = taskOutput(task.task);
  if (out.kind === 'rig') {
    const { riggedGlb, riggedFbx, walking, running } = out.rig;
    return present([
      ['rigged GLB', riggedGlb],
      ['rigged FBX', riggedFbx],
      ['walking GLB', walking.glb],
      ['walking FBX', walking.fbx],
      ['running GLB', running.glb],
      ['running FBX', running.fbx],
    ]);
  }
  if (out.kind === 'animation') {
    const { glb, fbx, processed } = out.animation;
    return present([
      ['animation GLB', glb],
      ['animation FBX', fbx],
      ['animation USDZ', processed.usdz],
      ['armature FBX', processed.armatureFbx],
      ['animation FBX (fixed frame rate)', processed.fpsFbx],
    ]);
  }
  // Text to motion: a motion clip (BVH), not a model.
  const motion = task.task.result?.motion_url;
  if (typeof motion === 'string' && motion) {
    const format = task.task.result?.motion_format;
    return [{ label: `motion ${typeof format === 'string' && /^[a-z0-9]{1,8}$/i.test(format) ? format.toUpperCase() : 'BVH'}`, url: motion }];
  }
  if (out.kind === 'model') return Object.entries(out.formats).sort(([a], [b]) => rank(a) - rank(b)).map(([format, url]) => ({ label: format.toUpperCase(), url }));
  return [];
}

/** Whether the task's output is a model with texture maps to show: not a rig, an animation, images, a print analysis or a motion clip. */
export function hasTextures(task: LedgerTask): boolean {
  return taskOutput(task.task).kind === 'model' && task.task.type !== 'text-to-motion' && task.task.result?.motion_url === undefined;
}

/** Whether the task's page has a Downloads panel: not for images (their gallery downloads them) nor a print analysis (no file). */
export function hasDownloads(task: LedgerTask): boolean {
  const kind = taskOutput(task.task).kind;
  return kind !== 'images' && kind !== 'print';
}

/** A download button for every file the task made, served by the console (archived copies). */
export function Downloads({ task }: { task: LedgerTask }) {
  const files = downloadFiles(task);
  const missing = (task.task.target_formats ?? []).filter((f) => !(f in task.task.model_urls));
  if (files.length === 0) {
    return <p className="text-sm text-muted">{task.files?.length ? 'The record names no model file: download what the task made from Archived files.' : 'The record names no file to download.'}</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {files.map((f, i) => (
          <ButtonLink key={f.label} href={`${f.url}?download=1`} download size="sm" variant={i === 0 ? 'primary' : 'secondary'}>
            Download {f.label}
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
