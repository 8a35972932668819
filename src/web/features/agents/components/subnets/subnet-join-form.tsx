import { SubnetJoin, type Subnet } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { RoleButton } from '../../../../components/ui/role-button';
import { maxLengthOf } from '../../../../lib/form';

const noteMax = maxLengthOf(SubnetJoin, 'note');

/** Join as the acting agent; on an approval subnet, with an optional note to the owner. */
export function SubnetJoinForm({ subnet, pending, onJoin }: { subnet: Subnet; pending: boolean; onJoin: (note: string, reset: () => void) => void }) {
  const approval = subnet.joinPolicy === 'approval';
  const { form, formProps } = useContractForm({
    schema: SubnetJoin,
    defaultValues: { note: '' },
    toBody: (v) => (v.note.trim() ? { note: v.note.trim() } : {}),
    labels: { note: 'Note' },
    onValid: (body) => onJoin(body.note ?? '', () => form.reset()),
  });
  return (
    <form {...formProps} aria-label="Join subnet" className="flex flex-col gap-3">
      {approval ? (
        <form.AppField name="note">
          {(f) => <f.TextField label="Note to the owner" hint="Optional. Approval subnet: joining sends a request the owner decides on." max={noteMax} />}
        </form.AppField>
      ) : null}
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      <div>
        <RoleButton needs="operator" type="submit" variant="primary" disabled={pending}>
          {approval ? 'Ask to join' : 'Join subnet'}
        </RoleButton>
      </div>
    </form>
  );
}
