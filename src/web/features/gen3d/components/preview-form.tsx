import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { TextTo3dPreviewRequest, targetFormats, type TargetFormat } from '../../../../contracts/gen3d';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox, Field, Select, Textarea } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { useCreateTextTo3d } from '../api/mutations';
import { gen3dQueries } from '../api/queries';
import { textTo3dCost } from '../task-view';

type Errors = Partial<Record<'prompt' | 'ai_model' | 'pose_mode' | 'hd_texture' | 'target_formats', string>>;
const models = [
  { value: 'latest', label: 'latest (model-6)' },
  { value: 'model-6', label: 'model-6' },
  { value: 'model-5', label: 'model-5 (cheaper)' },
] as const;

/** Text to 3D preview: checked against the document's schema before anything is sent. */
export function PreviewForm({ initialPrompt = '' }: { initialPrompt?: string }) {
  const [prompt, setPrompt] = useState(initialPrompt);
  const [aiModel, setAiModel] = useState<string>('latest');
  const [pose, setPose] = useState('');
  const [hd, setHd] = useState(false);
  const [formats, setFormats] = useState<TargetFormat[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateTextTo3d();
  const balance = useQuery(gen3dQueries.balance());
  const cost = textTo3dCost({ mode: 'preview', ai_model: aiModel });
  const short = balance.data !== undefined && balance.data < cost;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      mode: 'preview' as const,
      prompt,
      ai_model: aiModel,
      ...(pose ? { pose_mode: pose } : {}),
      ...(hd ? { hd_texture: true } : {}),
      ...(formats.length ? { target_formats: formats } : {}),
    };
    const parsed = TextTo3dPreviewRequest.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? 'prompt') as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      if (next.prompt) promptRef.current?.focus();
      return;
    }
    setErrors({});
    // The box empties at once so the next prompt can be typed while this one is queued; if
    // queuing fails, the prompt comes back (unless something new was typed meanwhile).
    const sent = prompt;
    setPrompt('');
    create.mutate(parsed.data, { onError: () => setPrompt((now) => (now === '' ? sent : now)) });
  };

  const serverField = create.error instanceof ApiRequestError ? create.error.field : null;
  return (
    <form onSubmit={submit} noValidate aria-label="New text to 3D preview" className="flex flex-col gap-4">
      <Field label="Prompt" error={errors.prompt ?? (serverField === 'prompt' ? errorMessage(create.error) : null)} hint="Describe the object: shape, material, colour, style.">
        {({ id, describedBy, invalid }) => (
          <Textarea
            ref={promptRef}
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder="a red wooden chair with curved legs"
            rows={3}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="AI model" error={errors.ai_model} hint={`${textTo3dCost({ mode: 'preview', ai_model: aiModel })} credits a preview`}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={aiModel} onChange={(e) => {
              setAiModel(e.target.value);
              if (e.target.value === 'model-5') setHd(false);
            }}>
              {models.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Pose" error={errors.pose_mode} hint="T-pose if you will rig or animate it.">
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={pose} onChange={(e) => setPose(e.target.value)}>
              <option value="">No pose</option>
              <option value="a-pose">A-pose</option>
              <option value="t-pose">T-pose</option>
            </Select>
          )}
        </Field>
      </div>
      <div className="flex flex-col gap-1">
        <Checkbox
          label="HD texture (4K base colour on refine)"
          checked={hd}
          disabled={aiModel === 'model-5'}
          onChange={(e) => setHd(e.target.checked)}
        />
        {aiModel === 'model-5' ? <p className="text-xs text-muted">HD texture needs model-6 or latest.</p> : null}
        {errors.hd_texture ? <p className="text-xs font-medium text-danger">{errors.hd_texture}</p> : null}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Formats</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {targetFormats.map((f) => (
            <Checkbox
              key={f}
              label={f.toUpperCase()}
              checked={formats.includes(f)}
              onChange={(e) => setFormats((prev) => (e.target.checked ? [...prev, f] : prev.filter((x) => x !== f)))}
            />
          ))}
        </div>
        <p className="text-xs text-muted">None ticked: the service's default formats. 3MF only when ticked.</p>
        {errors.target_formats ? <p className="text-xs font-medium text-danger">{errors.target_formats}</p> : null}
      </fieldset>
      {create.isError && serverField !== 'prompt' ? <Alert title="The preview was not queued">{errorMessage(create.error)}</Alert> : null}
      {create.isSuccess && !create.isPending ? (
        <Alert tone="success" title="Preview queued">
          It is first in the list of tasks.{' '}
          <Link to="/3d/tasks/$taskId" params={{ taskId: create.data }} className="font-medium text-accent underline">
            Open it
          </Link>
        </Alert>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <p className={short ? 'text-sm text-warning' : 'text-sm text-muted'}>
          Costs {cost} credits{balance.data !== undefined ? ` · balance ${balance.data}` : ''}
          {short ? ' · not enough credits' : ''}
          {create.isPending ? ' · queuing…' : ''}
        </p>
        <Button type="submit" variant="primary">
          Queue preview
        </Button>
      </div>
    </form>
  );
}
