import { useMutation } from '@tanstack/react-query';
import type { Connection } from '../../../../contracts/bff';
import * as connectionRoutes from '../../../../contracts/bff-routes/connections';
import { services } from '../../../../contracts/services';
import { Alert } from '../../../components/ui/alert';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { errorMessage } from '../../../lib/api';
import { bff } from '../../../lib/bff';
import { connectionQueries } from '../../../lib/connections';

/** Removes the saved key (`connectionRoutes.removeKey`) after a confirm; a key from the environment can only be removed there. */
export function RemoveKey({ connection }: { connection: Connection }) {
  const info = services[connection.service];
  const remove = useMutation({
    mutationFn: () => bff(connectionRoutes.removeKey, { params: { service: connection.service } }),
    retry: false,
    meta: { invalidates: [connectionQueries.all()] },
  });
  if (remove.isSuccess)
    return (
      <Alert tone="success" title="The saved key was removed.">
        {remove.data.warnings.join(' ')}
      </Alert>
    );
  if (!connection.keyHint) return null;
  if (connection.keySource === 'env')
    return <p className="text-xs text-muted">The key comes from {info.envKey} in the console's environment: remove it there and restart the console to forget it.</p>;
  return (
    <div className="flex flex-col gap-2">
      <ConfirmButton
        needs="admin"
        label={`Remove the saved ${info.label} key`}
        question={
          connection.mode === 'live'
            ? `Remove the key ••••${connection.keyHint}? The ${info.label} service goes back to the sandbox until a key is given again.`
            : `Remove the key ••••${connection.keyHint}? Live mode will need a key again.`
        }
        confirmLabel="Remove the key"
        disabled={remove.isPending}
        onConfirm={() => remove.mutate()}
        className="self-start"
      />
      {remove.isError ? <Alert title="The key was not removed">{errorMessage(remove.error)}</Alert> : null}
    </div>
  );
}
