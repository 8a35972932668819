import { Field, FieldErrors, Input } from '../../../components/ui/field';
import { ChoiceGroup } from '../../../components/ui/choices';
import { URL_MAX, type PickedModel } from './files';
import { ModelFacts, ModelFileInput } from './inputs';

/** Where a model comes from: a task of this console (`input_task_id`), a file (data URI) or a URL (`model_url`). */
export type ModelSourceValue = { mode: 'task' | 'file' | 'url'; taskId: string; url: string; file: PickedModel | null; fromTask?: string };

export const emptySource: ModelSourceValue = { mode: 'task', taskId: '', url: '', file: null };

/** The body fields a source gives (what is empty stays out, and the schema names what is missing). */
export function sourceBody(s: ModelSourceValue): { input_task_id?: string; model_url?: string } {
  if (s.mode === 'task') return s.taskId.trim() ? { input_task_id: s.taskId.trim() } : {};
  if (s.mode === 'file') return s.file ? { model_url: s.file.dataUri } : {};
  return s.url.trim() ? { model_url: s.url.trim() } : {};
}

/** The source picker: the three ways, one shown at a time; a model read from a task's archive says so. */
export function ModelSourceInput({ value, onChange, errors, taskOnly = false }: { value: ModelSourceValue; onChange: (v: ModelSourceValue) => void; errors: readonly string[]; taskOnly?: boolean }) {
  const set = (patch: Partial<ModelSourceValue>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Model</legend>
      {taskOnly ? null : (
        <ChoiceGroup
          legend={<span className="sr-only">Model from</span>}
          inline
          value={value.mode}
          onChange={(mode) => set({ mode })}
          options={[
            { value: 'task', label: 'A task' },
            { value: 'file', label: 'A file' },
            { value: 'url', label: 'A URL' },
          ]}
        />
      )}
      {value.mode === 'task' ? (
        <Field label="Task id" errors={errors} hint="A SUCCEEDED task of this account with a model (input_task_id).">
          {({ id, describedBy, invalid }) => (
            <Input id={id} value={value.taskId} maxLength={200} className="font-mono" spellCheck={false} onChange={(e) => set({ taskId: e.target.value })} aria-describedby={describedBy} aria-invalid={invalid || undefined} />
          )}
        </Field>
      ) : value.mode === 'file' ? (
        value.fromTask && value.file ? (
          <div className="flex min-w-0 flex-col gap-1">
            <ModelFacts model={value.file} />
            <p className="text-xs text-muted">The archived model of task {value.fromTask.slice(0, 8)}, sent as a data URI (model_url).</p>
            <FieldErrors errors={errors} />
          </div>
        ) : (
          <ModelFileInput value={value.file} onChange={(file) => set({ file, fromTask: undefined })} errors={errors} />
        )
      ) : (
        <Field
          label="Model URL"
          errors={errors}
          hint={value.fromTask && value.url ? `The service's own signed URL of task ${value.fromTask.slice(0, 8)}'s model, sent back while it is valid (model_url).` : 'A GLB, OBJ or STL the service can fetch (model_url).'}
        >
          {({ id, describedBy, invalid }) => (
            <Input id={id} type="url" value={value.url} maxLength={URL_MAX} placeholder="https://…/model.glb" onChange={(e) => set({ url: e.target.value, fromTask: undefined })} aria-describedby={describedBy} aria-invalid={invalid || undefined} />
          )}
        </Field>
      )}
    </fieldset>
  );
}
