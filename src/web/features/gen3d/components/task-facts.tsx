import type { LedgerTask } from '../../../../contracts/bff';
import { Stat } from '../../../components/ui/stat';
import { formatInt } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-extra';
import { chargeOf } from '../charge';
import { creditsOf, isTextTo3d } from '../task-view';

const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'yes' : 'no');

/** What the record says about a task, as a definition list. */
export function TaskFacts({ task }: { task: LedgerTask }) {
  const t = task.task;
  const credits = creditsOf(task, chargeOf(task)?.price);
  const refine = t.type === 'text-to-3d-refine';
  const prompt = t.prompt ?? (typeof task.request.prompt === 'string' ? task.request.prompt : null);
  // Text to 3D's own settings (with its defaults); another task shows a setting only when it was made with one (a remesh has no AI model).
  const textTo3d = isTextTo3d(task);
  const asked = (key: string) => (typeof task.request[key] === 'string' ? (task.request[key] as string) : null);
  const aiModel = t.ai_model ?? asked('ai_model') ?? (textTo3d ? 'latest' : null);
  const pose = t.pose_mode ?? asked('pose_mode') ?? (textTo3d ? 'none' : null);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
      {prompt ? <Stat label="Prompt" mono={false} value={<span className="break-words">{prompt}</span>} className="col-span-2" /> : null}
      <Stat label={task.imported ? 'Credits charged where it was made' : credits.final ? 'Credits spent' : 'Credits charged (refunded on failure)'} value={credits.credits} />
      <Stat label="Faces" value={t.face_count !== null ? formatInt(t.face_count) : '—'} />
      {aiModel ? <Stat label="AI model" value={aiModel} /> : null}
      {refine ? <Stat label="PBR maps" value={yesNo(t.enable_pbr)} /> : pose ? <Stat label="Pose" value={pose} /> : null}
      {textTo3d ? <Stat label="HD texture" value={yesNo(t.hd_texture)} /> : null}
      <Stat label="Runs on" value={task.mode} />
      {task.imported ? <Stat label="Made" mono={false} value="elsewhere by the account, imported" /> : null}
      <Stat label="Created" mono={false} value={formatDateTime(t.created_at ?? task.createdAt)} />
      <Stat label="Finished" mono={false} value={t.finished_at ? formatDateTime(t.finished_at) : '—'} />
      {t.expires_at ? <Stat label="Service files expire" mono={false} value={formatDateTime(t.expires_at)} className="col-span-2" /> : null}
    </dl>
  );
}
