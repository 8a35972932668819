import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import type { ComponentProps, ReactNode } from 'react';
import { errorTexts } from '../../lib/form';
import { Checkbox, ChoiceGroup } from '../ui/choices';
import { Field, FieldErrors, Input, Select, type FieldIds } from '../ui/field';
import { Textarea } from '../ui/textarea';

/**
 * The one form kit: TanStack Form with the console's field components bound to it. A field shows
 * its label, control, hint, every error it has (the schema's and the server's) and, when it has
 * a limit, a character count; the form shows the errors no field can show.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

type TextProps = { label: ReactNode; hint?: ReactNode; max?: number; extraErrors?: readonly string[]; className?: string };

function useErrors(extra: readonly string[] = []) {
  const field = useFieldContext<unknown>();
  const errors = useStore(field.store, (s) => s.meta.errors);
  return errorTexts([...extra, ...errors]);
}

/** What a text control of a field needs: its label's ids, its value and handlers, its errors and count. */
function useTextField(max: number | undefined, extraErrors: readonly string[] | undefined) {
  const field = useFieldContext<string>();
  const errors = useErrors(extraErrors);
  const count = max ? { length: field.state.value.length, max } : undefined;
  const bind = ({ id, describedBy, invalid }: FieldIds) => ({
    id,
    name: field.name,
    value: field.state.value,
    onChange: (e: { target: { value: string } }) => field.handleChange(e.target.value),
    onBlur: field.handleBlur,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
  });
  return { errors, count, bind };
}

function TextField({ label, hint, max, extraErrors, className, ...input }: TextProps & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id' | 'className'>) {
  const { errors, count, bind } = useTextField(max, extraErrors);
  return (
    <Field label={label} hint={hint} errors={errors} count={count} className={className}>
      {(ids) => <Input {...input} {...bind(ids)} />}
    </Field>
  );
}

function TextAreaField({ label, hint, max, extraErrors, className, rows = 2, ...area }: TextProps & Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id' | 'className'>) {
  const { errors, count, bind } = useTextField(max, extraErrors);
  return (
    <Field label={label} hint={hint} errors={errors} count={count} className={className}>
      {(ids) => <Textarea {...area} rows={rows} {...bind(ids)} />}
    </Field>
  );
}

type Option<V extends string> = { value: V; label: string };

function SelectField<V extends string>({ label, hint, options, className, disabled }: { label: ReactNode; hint?: ReactNode; options: ReadonlyArray<Option<V>>; className?: string; disabled?: boolean }) {
  const field = useFieldContext<V>();
  const errors = useErrors();
  return (
    <Field label={label} hint={hint} errors={errors} className={className}>
      {({ id, describedBy, invalid }) => (
        <Select
          id={id}
          name={field.name}
          value={field.state.value}
          disabled={disabled}
          onChange={(e) => field.handleChange(e.target.value as V)}
          onBlur={field.handleBlur}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function CheckboxField({ label, hint, disabled, className }: { label: ReactNode; hint?: ReactNode; disabled?: boolean; className?: string }) {
  const field = useFieldContext<boolean>();
  const errors = useErrors();
  return (
    <div className={className}>
      <Checkbox label={label} name={field.name} checked={field.state.value} disabled={disabled} onChange={(e) => field.handleChange(e.target.checked)} aria-invalid={errors.length > 0 || undefined} />
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <FieldErrors errors={errors} />
    </div>
  );
}

function ChoiceField<V extends string>({ legend, options, hint, inline, className }: { legend: ReactNode; options: ReadonlyArray<{ value: V; label: ReactNode }>; hint?: ReactNode; inline?: boolean; className?: string }) {
  const field = useFieldContext<V>();
  const errors = useErrors();
  return <ChoiceGroup legend={legend} value={field.state.value} options={options} onChange={field.handleChange} hint={hint} errors={errors} inline={inline} className={className} />;
}

/** Errors of the whole form (those no field shows), from the schema or the server. */
function FormErrors() {
  const form = useFormContext();
  const map = useStore(form.store, (s) => s.errorMap);
  const errors = errorTexts([map.onDynamic, map.onServer, map.onSubmit]);
  return errors.length ? (
    <div role="alert">
      <FieldErrors errors={errors} className="text-sm" />
    </div>
  ) : null;
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextAreaField, SelectField, CheckboxField, ChoiceField },
  formComponents: { FormErrors },
});
