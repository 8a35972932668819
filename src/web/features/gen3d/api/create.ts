import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TextTo3dPreviewRequest, TextTo3dRefineRequest } from '../../../../contracts/gen3d/requests';
import { textTo3dPath } from '../../../../contracts/gen3d/routes';
import { z } from '../../../../contracts/zod';
import { api } from '../../../lib/api';
import { applyTasks } from './apply';
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
    onSuccess: (id) => {
      // The new task goes into the lists held (the live stream brings it too; this covers a stream that is down).
      void qc.fetchQuery(gen3dQueries.task(id)).then((task) => applyTasks(qc, [task]), () => undefined);
      void qc.invalidateQueries({ queryKey: gen3dQueries.balance().queryKey });
      void qc.invalidateQueries({ queryKey: gen3dQueries.summary().queryKey });
    },
  });
}
