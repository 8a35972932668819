import { useNavigate } from '@tanstack/react-router';
import { NUMERIC_ID, USERNAME } from '../../../../contracts/social/routes';
import { z } from '../../../../contracts/zod';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Button } from '../../../components/ui/button';

/** A user reference as the service's user routes take it: "@name", "name" or a numeric id. */
export const UserRef = z.strictObject({
  user: z.string().check(
    z.overwrite((v) => v.trim().replace(/^@/, '')),
    z.minLength(1, 'Type a user name or a numeric user id.'),
    z.refine((v) => v === '' || NUMERIC_ID.test(v) || USERNAME.test(v), 'A user name has 1 to 15 letters, digits or _ (an @ in front is fine); a user id is digits only.'),
  ),
});

/** "Go to user": a user name or id, checked before the page opens. */
export function GoToUser() {
  const navigate = useNavigate();
  const { form, formProps } = useContractForm({
    schema: UserRef,
    defaultValues: { user: '' },
    toBody: (v) => ({ user: v.user }),
    onValid: (body) => void navigate({ to: '/social/users/$user', params: { user: body.user } }),
  });
  return (
    <form {...formProps} aria-label="Go to user" className="flex items-start gap-2">
      <form.AppField name="user">
        {(f) => <f.TextField label="User name or id" placeholder="@name or 1234567" autoComplete="off" spellCheck={false} className="min-w-0 flex-1" />}
      </form.AppField>
      <Button type="submit" className="mt-6">
        Go
      </Button>
    </form>
  );
}
