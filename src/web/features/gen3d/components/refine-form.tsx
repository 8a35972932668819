import { useNavigate } from '@tanstack/react-router';
import type { LedgerTask } from '../../../../contracts/bff';
import { TextTo3dRefineRequest } from '../../../../contracts/gen3d/requests';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { RoleButton } from '../../../components/ui/role-button';
import { errorMessage } from '../../../lib/api';
import { useCreateTextTo3d } from '../api/create';

type Values = { enable_pbr: boolean; hd_texture: boolean };

/** Refine a SUCCEEDED preview: textures, optional PBR maps and HD base colour. 10 credits. */
export function RefineForm({ preview }: { preview: LedgerTask }) {
  const create = useCreateTextTo3d();
  const navigate = useNavigate();
  const model = preview.task.ai_model ?? 'latest';
  const hdAllowed = model !== 'model-5';
  const { form, formProps, showServerErrors } = useContractForm({
    schema: TextTo3dRefineRequest,
    defaultValues: { enable_pbr: true, hd_texture: false } as Values,
    toBody: (v) => ({ mode: 'refine', preview_task_id: preview.id, enable_pbr: v.enable_pbr, ...(v.hd_texture ? { hd_texture: true } : {}), ai_model: model }),
    labels: { enable_pbr: 'PBR maps', hd_texture: 'HD texture' },
    onEdit: () => {
      if (!create.isPending) create.reset();
    },
    onValid: (body) => create.mutate(body, { onSuccess: (id) => void navigate({ to: '/3d/tasks/$taskId', params: { taskId: id } }), onError: showServerErrors }),
  });
  return (
    <form {...formProps} aria-label="Refine this preview" className="flex flex-col gap-3">
      <form.AppField name="enable_pbr">{(f) => <f.CheckboxField label="PBR maps (metallic, roughness, normal)" />}</form.AppField>
      <form.AppField name="hd_texture">
        {(f) => <f.CheckboxField label="HD texture (4K base colour)" disabled={!hdAllowed} hint={hdAllowed ? undefined : 'HD texture needs a model-6 or latest preview.'} />}
      </form.AppField>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {create.isError ? <Alert title="The refine was not queued">{errorMessage(create.error)}</Alert> : null}
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted">Costs 10 credits</span>
        <RoleButton needs="operator" type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Queuing…' : 'Refine'}
        </RoleButton>
      </div>
    </form>
  );
}
