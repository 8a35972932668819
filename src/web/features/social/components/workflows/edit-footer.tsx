import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';

/** The end of an inline edit form: why the change was refused, then Cancel and Save. */
export function EditFooter({ what, saveLabel, save, onCancel }: { what: string; saveLabel: string; save: { isError: boolean; error: unknown; isPending: boolean }; onCancel: () => void }) {
  return (
    <>
      {save.isError ? <Alert title={`The ${what} was not changed`}>{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <RoleButton needs="operator" size="sm" type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : saveLabel}
        </RoleButton>
      </div>
    </>
  );
}
