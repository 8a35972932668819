import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextTo3dPreviewRequest, TextTo3dRefineRequest } from '../../../../contracts/gen3d/requests';
import { textTo3dPath } from '../../../../contracts/gen3d/routes';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { gen3dQueries } from './queries';

/** `{result}` of a create call. */
const CreateResult = z.object({ result: z.string() });

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
