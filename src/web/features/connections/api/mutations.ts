import { useMutation } from '@tanstack/react-query';
import * as connectionRoutes from '../../../../contracts/bff-routes/connections';
import type { PutConnectionBody } from '../../../../contracts/bff-bodies';
import type { ServiceId } from '../../../../contracts/services';
import { bff } from '../../../lib/bff';
import { connectionQueries } from '../../../lib/connections';

/** Saves a connection; the BFF verifies a key before it keeps it. */
export function useSaveConnection(service: ServiceId) {
  return useMutation({
    mutationFn: (body: PutConnectionBody) => bff(connectionRoutes.save, { params: { service }, body }),
    retry: false,
    meta: { invalidates: [connectionQueries.all()] },
  });
}

