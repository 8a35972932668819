import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '../../../../contracts/zod';
import type { TextTo3dPreviewRequest, TextTo3dRefineRequest } from '../../../../contracts/gen3d';
import { textTo3dPath } from '../../../../contracts/gen3d';
import { api } from '../../../lib/api';
import { CreateResult, gen3dQueries } from './queries';

/** Creating a task is never retried automatically: one click, one request. */
export function useCreateTextTo3d() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TextTo3dPreviewRequest | TextTo3dRefineRequest) =>
      api(`/api/gen3d${textTo3dPath}`, CreateResult, { method: 'POST', json: body }).then((r) => r.result),
    retry: false,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gen3dQueries.tasks().queryKey, exact: true });
      void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
    },
  });
}

/** Deletes a task upstream: a PENDING one is refunded (field notes). */
export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/gen3d${textTo3dPath}/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' }),
    retry: false,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gen3dQueries.tasks().queryKey, exact: true });
      void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
    },
  });
}
