import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { NUMERIC_ID, USERNAME } from '../../../../contracts/social/routes';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';

/** Reads "@name", "name" or a numeric id; null (with the reason) when it is neither. */
export function readUserRef(input: string): { ref: string } | { error: string } {
  const v = input.trim().replace(/^@/, '');
  if (!v) return { error: 'Type a user name or a numeric user id.' };
  if (NUMERIC_ID.test(v) || USERNAME.test(v)) return { ref: v };
  return { error: 'A user name has 1 to 15 letters, digits or _ (an @ in front is fine); a user id is digits only.' };
}

/** "Go to user": a user name or id, checked before the page opens. */
export function GoToUser() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = readUserRef(value);
    if ('error' in r) return setError(r.error);
    void navigate({ to: '/social/users/$user', params: { user: r.ref } });
  };
  return (
    <form aria-label="Go to user" onSubmit={submit} noValidate className="flex items-start gap-2">
      <Field label="User name or id" error={error} className="min-w-0 flex-1">
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            placeholder="@name or 1234567"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" className="mt-6">
        Go
      </Button>
    </form>
  );
}
