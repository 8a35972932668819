import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import { TextTo3dRefineRequest } from '../../../../contracts/gen3d';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { useCreateTextTo3d } from '../api/mutations';

/** Refine a SUCCEEDED preview: textures, optional PBR maps and HD base colour. 10 credits. */
export function RefineForm({ preview }: { preview: LedgerTask }) {
  const [pbr, setPbr] = useState(true);
  const [hd, setHd] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTextTo3d();
  const navigate = useNavigate();
  const model = preview.task.ai_model ?? 'latest';
  const hdAllowed = model !== 'model-5';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TextTo3dRefineRequest.safeParse({
      mode: 'refine',
      preview_task_id: preview.id,
      enable_pbr: pbr,
      ...(hd ? { hd_texture: true } : {}),
      ai_model: model,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The refine request is not valid.');
      return;
    }
    setError(null);
    create.mutate(parsed.data, { onSuccess: (id) => void navigate({ to: '/3d/tasks/$taskId', params: { taskId: id } }) });
  };

  return (
    <form onSubmit={submit} aria-label="Refine this preview" className="flex flex-col gap-3">
      <Checkbox label="PBR maps (metallic, roughness, normal)" checked={pbr} onChange={(e) => setPbr(e.target.checked)} />
      <Checkbox label="HD texture (4K base colour)" checked={hd} disabled={!hdAllowed} onChange={(e) => setHd(e.target.checked)} />
      {!hdAllowed ? <p className="text-xs text-muted">HD texture needs a model-6 or latest preview.</p> : null}
      {error ? <Alert title="Not sent">{error}</Alert> : null}
      {create.isError ? <Alert title="The refine was not queued">{errorMessage(create.error)}</Alert> : null}
      <div className="flex items-center justify-between">
        <span className="text-sm text-muted">Costs 10 credits</span>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Queuing…' : 'Refine'}
        </Button>
      </div>
    </form>
  );
}
