import type { Ref } from 'react';
import { nameProblem } from '../../../../contracts/agentnet';
import { Field, Input } from '../../../components/ui/field';
import { sentence } from '../view';

export const NAME_RULES = 'Letters required, at most 64 characters, nothing that looks auto-generated (agent-42, bot_7, a UUID or a random token).';

/** The agent name with the service's rules checked as the user types (the contract's `nameProblem`). */
export function NameField({ value, onChange, error, inputRef }: { value: string; onChange: (v: string) => void; error?: string | null; inputRef?: Ref<HTMLInputElement> }) {
  const problem = value === '' ? null : nameProblem(value);
  const shown = error ?? (problem ? sentence(problem) : null);
  return (
    <Field
      label="Name"
      error={shown}
      hint={
        <>
          {NAME_RULES}
          <span role="status" className="ml-1 font-medium text-success">
            {value !== '' && !problem ? '✓ Name accepted.' : ''}
          </span>
        </>
      }
    >
      {({ id, describedBy, invalid }) => (
        <Input ref={inputRef} id={id} aria-describedby={describedBy} aria-invalid={invalid} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" maxLength={200} />
      )}
    </Field>
  );
}
