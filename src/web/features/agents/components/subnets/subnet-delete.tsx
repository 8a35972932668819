import type { Subnet } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { errorMessage } from '../../../../lib/api';
import type { ActAs } from '../../api/service';
import { useDeleteSubnet } from '../../api/mutations';
import { ConfirmButton } from '../../../../components/ui/confirm-button';

/** The owner deletes the subnet (asked first); the service refuses while it has child subnets, and says so. */
export function SubnetDelete({ subnet, actAs, onDeleted, compact = false }: { subnet: Pick<Subnet, 'id' | 'name'>; actAs: ActAs; onDeleted?: () => void; compact?: boolean }) {
  const remove = useDeleteSubnet(subnet.id, actAs);
  return (
    <div className="flex flex-col items-start gap-2">
      <ConfirmButton
        label={compact ? `Delete ${subnet.name}` : 'Delete subnet'}
        question={`Delete ${subnet.name}? Its members leave it and it is gone for good.`}
        confirmLabel="Delete subnet"
        disabled={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => onDeleted?.() })}
      />
      {remove.isSuccess && !onDeleted ? <Alert tone="success" title={`${subnet.name} was deleted.`} /> : null}
      {remove.isError ? <Alert title={`${subnet.name} was not deleted`}>{errorMessage(remove.error)}</Alert> : null}
    </div>
  );
}
