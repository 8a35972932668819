import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useStore } from '@tanstack/react-form';
import { TextTo3dPreviewRequest, type TargetFormat } from '../../../../contracts/gen3d/requests';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { RoleButton } from '../../../components/ui/role-button';
import { errorMessage } from '../../../lib/api';
import { errorTexts, maxLengthOf } from '../../../lib/form';
import { useCreateTextTo3d } from '../api/create';
import { gen3dQueries } from '../api/queries';
import { formatInt } from '../../../lib/format';
import { textTo3dCost } from '../task-view';
import { FormatChecks } from './format-checks';

type Model = 'latest' | 'model-6' | 'model-5';
type Values = { prompt: string; ai_model: Model; pose_mode: '' | 'a-pose' | 't-pose'; hd_texture: boolean; target_formats: TargetFormat[] };

const models = [
  { value: 'latest', label: 'latest (model-6)' },
  { value: 'model-6', label: 'model-6' },
  { value: 'model-5', label: 'model-5 (cheaper)' },
] as const;
const poses = [
  { value: '', label: 'No pose' },
  { value: 'a-pose', label: 'A-pose' },
  { value: 't-pose', label: 'T-pose' },
] as const;
const labels = { prompt: 'Prompt', ai_model: 'AI model', pose_mode: 'Pose', hd_texture: 'HD texture', target_formats: 'Formats' };
const promptMax = maxLengthOf(TextTo3dPreviewRequest, 'prompt');

const toBody = (v: Values) => ({
  mode: 'preview' as const,
  prompt: v.prompt,
  ai_model: v.ai_model,
  ...(v.pose_mode ? { pose_mode: v.pose_mode } : {}),
  ...(v.hd_texture ? { hd_texture: true } : {}),
  ...(v.target_formats.length ? { target_formats: v.target_formats } : {}),
});

/** Text to 3D preview: checked against the document's schema before anything is sent. */
export function PreviewForm({ initialPrompt = '' }: { initialPrompt?: string }) {
  const create = useCreateTextTo3d();
  const balance = useQuery(gen3dQueries.balance());
  const { form, formProps, showServerErrors } = useContractForm({
    schema: TextTo3dPreviewRequest,
    defaultValues: { prompt: initialPrompt, ai_model: 'latest', pose_mode: '', hd_texture: false, target_formats: [] } as Values,
    toBody,
    labels,
    onEdit: () => {
      if (!create.isPending) create.reset();
    },
    onValid: (body, values) => {
      // The box empties at once so the next prompt can be typed while this one is queued; if
      // queuing fails, the prompt comes back (unless something new was typed meanwhile).
      form.reset({ ...values, prompt: '' }, { keepDefaultValues: true });
      create.mutate(body, {
        onError: (err) => {
          if (form.state.values.prompt === '') form.setFieldValue('prompt', values.prompt);
          showServerErrors(err);
        },
      });
    },
  });
  const aiModel = useStore(form.store, (s) => s.values.ai_model);
  const cost = textTo3dCost({ mode: 'preview', ai_model: aiModel });
  const short = balance.data !== undefined && balance.data < cost;
  const fieldErrored = useStore(form.store, (s) => Object.values(s.fieldMeta).some((m) => m?.errorMap.onServer));

  return (
    <form {...formProps} aria-label="New text to 3D preview" className="flex flex-col gap-4">
      <form.AppField name="prompt">
        {(f) => <f.TextAreaField label="Prompt" hint="Describe the object: shape, material, colour, style." max={promptMax} rows={3} placeholder="a red wooden chair with curved legs" />}
      </form.AppField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField
          name="ai_model"
          listeners={{
            onChange: ({ value }) => {
              if (value === 'model-5') form.setFieldValue('hd_texture', false);
            },
          }}
        >
          {(f) => <f.SelectField label="AI model" hint={`${cost} credits a preview`} options={models} />}
        </form.AppField>
        <form.AppField name="pose_mode">{(f) => <f.SelectField label="Pose" hint="T-pose if you will rig or animate it." options={poses} />}</form.AppField>
      </div>
      <form.AppField name="hd_texture">
        {(f) => <f.CheckboxField label="HD texture (4K base colour on refine)" disabled={aiModel === 'model-5'} hint={aiModel === 'model-5' ? 'HD texture needs model-6 or latest.' : undefined} />}
      </form.AppField>
      <form.Field name="target_formats">
        {(f) => <FormatChecks value={f.state.value} onChange={(v) => f.handleChange(v)} hint="None ticked: the service's default formats. 3MF only when ticked." errors={errorTexts(f.state.meta.errors)} />}
      </form.Field>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {create.isError ? (
        <Alert title="The preview was not queued">{fieldErrored ? 'Fix the fields marked above, then queue it again.' : errorMessage(create.error)}</Alert>
      ) : null}
      {create.isSuccess ? (
        <Alert tone="success" title="Preview queued">
          It is first in the list of tasks.{' '}
          <Link to="/3d/tasks/$taskId" params={{ taskId: create.data }} className="font-medium text-accent underline">
            Open it
          </Link>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className={short ? 'text-sm text-warning' : 'text-sm text-muted'} role="status">
          Costs {cost} credits{balance.data !== undefined ? ` · balance ${formatInt(balance.data)}` : ''}
          {short ? ' · not enough credits' : ''}
          {create.isPending ? ' · queuing…' : ''}
        </p>
        <RoleButton needs="operator" type="submit" variant="primary">
          Queue preview
        </RoleButton>
      </div>
    </form>
  );
}
