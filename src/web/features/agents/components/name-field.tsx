import { nameProblem } from '../../../../contracts/agentnet';
import { useFieldContext } from '../../../components/form/app-form';
import { Field, Input } from '../../../components/ui/field';
import { errorTexts, toSentence } from '../../../lib/form';

export const NAME_RULES = 'Letters required, at most 64 characters, nothing that looks auto-generated (agent-42, bot_7, a UUID or a random token).';

/** The agent name (a form field), with the service's rules checked as it is typed (the contract's `nameProblem`). */
export function NameField() {
  const field = useFieldContext<string>();
  const value = field.state.value;
  const problem = value === '' ? null : nameProblem(value);
  const errors = errorTexts([...(problem ? [toSentence(problem, 'name', 'Name')] : []), ...field.state.meta.errors]);
  return (
    <Field
      label="Name"
      errors={errors}
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
        <Input
          id={id}
          name={field.name}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={value}
          onChange={(e) => field.handleChange(e.target.value)}
          onBlur={field.handleBlur}
          autoComplete="off"
          maxLength={200}
        />
      )}
    </Field>
  );
}
