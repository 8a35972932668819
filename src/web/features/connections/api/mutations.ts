import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PutConnectionResponse } from '../../../../contracts/bff';
import type { PutConnectionBody } from '../../../../contracts/bff-bodies';
import type { ServiceId } from '../../../../contracts/services';
import { api } from '../../../lib/api';
import { connectionQueries } from '../../../lib/connections';

/** Saves a connection; the BFF verifies a key before it keeps it. */
export function useSaveConnection(service: ServiceId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutConnectionBody) =>
      api(`/api/connections/${service}`, PutConnectionResponse, { method: 'PUT', json: body }),
    retry: false,
    onSuccess: () => qc.invalidateQueries({ queryKey: connectionQueries.all() }),
  });
}

